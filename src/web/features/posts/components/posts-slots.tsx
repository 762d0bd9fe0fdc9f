import { type ComponentType, createContext, useContext } from 'react';
import type { Insights } from '../../../../shared/api/ai.schemas';
import type { Platform } from '../../../../shared/platforms/rules';

/** What the composer hands to the AI actions it shows. */
export interface ComposerAiSlotProps {
  /** The post's HTML. */
  content: string;
  platforms: Platform[];
  /** A saved post's id: its insights are stored with it, and the last stored ones are shown. */
  postId?: string;
  /** Puts HTML in at the cursor. */
  insert: (html: string) => void;
  /** Puts HTML in place of the post's content. */
  replace: (html: string) => void;
}

/**
 * Another feature's parts inside the post manager, filled by the app's /posts route (decision 009:
 * features meet in the app layer), so the posts feature never imports the ai feature.
 */
export interface PostsSlots {
  /** The composer's AI actions. */
  composerAi?: ComponentType<ComposerAiSlotProps>;
  /** A recurring post's stored AI insights (null: none yet). */
  insights?: ComponentType<{ insights: Insights | null }>;
}

const PostsSlotsContext = createContext<PostsSlots>({});

export const PostsSlotsProvider = PostsSlotsContext.Provider;
export const usePostsSlots = () => useContext(PostsSlotsContext);
