import type { Platform } from '../../../../../shared/platforms/rules';

/** Where a network's feed cuts a long post behind its "see more": so many characters or lines. */
export interface Fold {
  chars: number;
  lines: number;
}

/**
 * As the networks' feeds show a post at the time of writing: LinkedIn about 210 characters or 3 lines,
 * Facebook about 480 or 5, Instagram's caption about 125 or 2, TikTok's short caption 2 lines. X and
 * Bluesky show the whole post (their limits already keep it short).
 */
export const FOLDS: Partial<Record<Platform, Fold>> = {
  linkedin: { chars: 210, lines: 3 },
  facebook: { chars: 480, lines: 5 },
  instagram: { chars: 125, lines: 2 },
  tiktok: { chars: 80, lines: 2 },
};

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// A cut backs up to the last space when one is this close, as the feeds avoid splitting a word.
const WORD_SLACK = 20;

/** The part of `text` the feed shows before its "see more", or null when it shows all of it. */
export function foldText(text: string, fold: Fold | undefined): string | null {
  if (!fold) return null;
  const lines = text.split('\n');
  let head = lines.slice(0, fold.lines).join('\n');
  const clusters = [...graphemes.segment(head)].map((s) => s.segment);
  if (clusters.length > fold.chars) {
    head = clusters.slice(0, fold.chars).join('');
    const space = head.search(/\s\S*$/);
    if (space > 0 && head.length - space <= WORD_SLACK) head = head.slice(0, space);
  }
  if (head === text) return null;
  return head.trimEnd();
}
