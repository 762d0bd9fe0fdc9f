import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Template } from '../../../../shared/api/templates.schemas';
import type { Variables } from '../../../../shared/api/variables.schemas';
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
 * Other features' parts inside the post manager, filled by the app's /posts route (decision 009:
 * features meet in the app layer), so the posts feature imports none of them.
 */
export interface PostsSlots {
  /** The composer's AI actions. */
  composerAi?: ComponentType<ComposerAiSlotProps>;
  /**
   * "Adapt for {network}" in a network's version (issue 26): with a model configured, a button that hands
   * back the post rewritten for that network (HTML); nothing without one.
   */
  adaptForNetwork?: ComponentType<{ platform: Platform; content: string; onAdapted: (html: string) => void }>;
  /** The composer's Make Templates: a button whose dialog hands back the template chosen. */
  templates?: ComponentType<{ onUse: (template: Template) => void }>;
  /** The composer's Add Hashtags: a button whose dialog puts tags in at the cursor. */
  /** Add Hashtags; `text`: the post as plain text, whose own words it may suggest. */
  hashtags?: ComponentType<{ insert: (text: string) => void; text: string }>;
  /** The composer's insert-text picker: a saved text goes in at the cursor. */
  insertText?: ComponentType<{ insert: (text: string) => void }>;
  /** A post's comments, in its details. */
  comments?: ComponentType<{ postId: string }>;
  /** A post's details' Evergreen: make it return after it went out (issue 27). */
  evergreen?: ComponentType<{ postId: string; platforms: Platform[] }>;
  /** A post's details' Share for review: a client review link for it. */
  shareForReview?: ComponentType<{ postId: string }>;
  /** Hands the saved variables to the preview, which fills edited videos' captions with them. */
  withVariables?: ComponentType<{ children: (variables: Variables) => ReactNode }>;
}

const PostsSlotsContext = createContext<PostsSlots>({});

export const PostsSlotsProvider = PostsSlotsContext.Provider;
export const usePostsSlots = () => useContext(PostsSlotsContext);
