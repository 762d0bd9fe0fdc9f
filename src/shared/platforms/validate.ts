import { textLength } from './count';
import { type ImageType, type Platform, rulesFor, type TwitterAccountType } from './rules';

export interface DraftForPlatform {
  /** The post's text as this network will receive it (htmlToText of the composer's HTML). */
  text: string;
  images: { type: ImageType | string }[];
  videos: number;
}

export type PlatformProblem =
  | { platform: Platform; code: 'empty' }
  | { platform: Platform; code: 'too_long'; max: number; length: number }
  | { platform: Platform; code: 'too_many_images'; max: number }
  | { platform: Platform; code: 'image_type'; type: string; allowed: readonly ImageType[] }
  | { platform: Platform; code: 'too_many_videos'; max: number }
  | { platform: Platform; code: 'needs_media' };

/**
 * What stops `draft` from being published on `platform`, by that network's own rules. The composer
 * shows these before a post is scheduled and the server refuses to schedule while any remain.
 */
export function validateForPlatform(
  platform: Platform,
  draft: DraftForPlatform,
  twitterAccountType?: TwitterAccountType,
): PlatformProblem[] {
  const rules = rulesFor(platform, twitterAccountType);
  const problems: PlatformProblem[] = [];
  const hasMedia = draft.images.length > 0 || draft.videos > 0;
  if (!draft.text.trim() && !hasMedia) problems.push({ platform, code: 'empty' });
  const length = textLength(platform, draft.text);
  if (length > rules.maxChars) problems.push({ platform, code: 'too_long', max: rules.maxChars, length });
  if (draft.images.length > rules.maxImages)
    problems.push({ platform, code: 'too_many_images', max: rules.maxImages });
  for (const { type } of draft.images) {
    if (!rules.imageTypes.includes(type as ImageType))
      problems.push({ platform, code: 'image_type', type, allowed: rules.imageTypes });
  }
  if (draft.videos > rules.maxVideos)
    problems.push({ platform, code: 'too_many_videos', max: rules.maxVideos });
  if (rules.needsMedia && !hasMedia) problems.push({ platform, code: 'needs_media' });
  return problems;
}
