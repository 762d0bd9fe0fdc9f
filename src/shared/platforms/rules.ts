import { MEDIA_RULES } from './media-rules';

export const PLATFORMS = ['twitter', 'bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const isPlatform = (value: unknown): value is Platform => PLATFORMS.includes(value as Platform);

export type TwitterAccountType = 'standard' | 'professional';

export interface PlatformRules {
  /** Characters as that network counts them (see count.ts). */
  maxChars: number;
  /** Images in one post, from MEDIA_RULES (media-rules.ts holds every media limit). */
  maxImages: number;
}

/**
 * Text limits: spec section 9, with DESIGN.md section 7 for what the spec leaves open (Facebook: 63,206
 * characters; X professional accounts: 4,000) and TikTok's own caption limit (2,200).
 */
const MAX_CHARS: Record<Exclude<Platform, 'twitter'>, number> = {
  bluesky: 300,
  facebook: 63206,
  instagram: 2200,
  linkedin: 3000,
  tiktok: 2200,
};

export function rulesFor(
  platform: Platform,
  twitterAccountType: TwitterAccountType = 'standard',
): PlatformRules {
  const maxChars =
    platform === 'twitter' ? (twitterAccountType === 'professional' ? 4000 : 280) : MAX_CHARS[platform];
  return { maxChars, maxImages: MEDIA_RULES[platform].image.max };
}

/** Below this many remaining characters the counter turns to a warning (spec section 9). */
export const REMAINING_WARNING = 20;
