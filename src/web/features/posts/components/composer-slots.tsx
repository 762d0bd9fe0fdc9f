import { createContext, type ReactNode, useContext } from 'react';
import type { Platform } from '../../../../shared/platforms/rules';

/** What the composer hands to the AI actions it shows (decision 009: features meet in the app layer). */
export interface ComposerAiSlotProps {
  /** The post's HTML. */
  content: string;
  platforms: Platform[];
  /** A saved post's id: its insights are stored with it. */
  postId?: string;
  /** Puts HTML in at the cursor. */
  insert: (html: string) => void;
  /** Puts HTML in place of the post's content. */
  replace: (html: string) => void;
}

export interface ComposerSlots {
  /** The composer's AI actions, filled by the app's /posts route with the ai feature's. */
  ai?: (props: ComposerAiSlotProps) => ReactNode;
}

const ComposerSlotsContext = createContext<ComposerSlots>({});

/** Another feature's parts inside the composer, without the posts feature importing it. */
export const ComposerSlotsProvider = ComposerSlotsContext.Provider;
export const useComposerSlots = () => useContext(ComposerSlotsContext);
