import { textLength } from './count';
import { type Platform, rulesFor, type TwitterAccountType } from './rules';
import { type MediaItem, type MediaProblem, mediaProblems } from './validate-media';

export interface DraftForPlatform {
  /** The post's text as this network will receive it (htmlToText of the composer's HTML). */
  text: string;
  /** The attached files in the post's order. */
  media: readonly MediaItem[];
}

export type PlatformProblem =
  | { platform: Platform; code: 'empty' }
  | { platform: Platform; code: 'too_long'; max: number; length: number }
  | MediaProblem;

/**
 * What stops `draft` from being published on `platform`, by that network's own rules (text here, media
 * from MEDIA_RULES). The composer shows these before a post is scheduled, the server refuses to schedule
 * while any remain, and the adapters check the media part again before publishing.
 */
export function validateForPlatform(
  platform: Platform,
  draft: DraftForPlatform,
  twitterAccountType?: TwitterAccountType,
): PlatformProblem[] {
  const rules = rulesFor(platform, twitterAccountType);
  const problems: PlatformProblem[] = [];
  if (!draft.text.trim() && !draft.media.length) problems.push({ platform, code: 'empty' });
  const length = textLength(platform, draft.text);
  if (length > rules.maxChars) problems.push({ platform, code: 'too_long', max: rules.maxChars, length });
  problems.push(...mediaProblems(platform, draft.media));
  return problems;
}
