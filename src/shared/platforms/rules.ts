export const PLATFORMS = ['twitter', 'bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const isPlatform = (value: unknown): value is Platform => PLATFORMS.includes(value as Platform);

export type TwitterAccountType = 'standard' | 'professional';
export type ImageType = 'jpg' | 'png' | 'gif' | 'webp';

export interface PlatformRules {
  /** Characters as that network counts them (see count.ts). */
  maxChars: number;
  maxImages: number;
  imageTypes: readonly ImageType[];
  maxVideos: number;
  /** The network refuses a post without an image or a video. */
  needsMedia: boolean;
}

/**
 * Spec section 9, with DESIGN.md section 7 for what the spec leaves open (Facebook: 63,206 characters and
 * 10 images; X professional accounts: 4,000) and TikTok's own limits (caption 2,200; photo posts up to 35
 * JPEG or WebP images; a post needs a video or photos).
 */
export function rulesFor(
  platform: Platform,
  twitterAccountType: TwitterAccountType = 'standard',
): PlatformRules {
  switch (platform) {
    case 'twitter':
      return {
        maxChars: twitterAccountType === 'professional' ? 4000 : 280,
        maxImages: 4,
        imageTypes: ['jpg', 'png', 'gif', 'webp'],
        maxVideos: 1,
        needsMedia: false,
      };
    case 'bluesky':
      return {
        maxChars: 300,
        maxImages: 4,
        imageTypes: ['jpg', 'png', 'gif', 'webp'],
        maxVideos: 1,
        needsMedia: false,
      };
    case 'instagram':
      return { maxChars: 2200, maxImages: 10, imageTypes: ['jpg', 'png'], maxVideos: 1, needsMedia: true };
    case 'linkedin':
      return {
        maxChars: 3000,
        maxImages: 9,
        imageTypes: ['jpg', 'png', 'gif'],
        maxVideos: 1,
        needsMedia: false,
      };
    case 'facebook':
      return {
        maxChars: 63206,
        maxImages: 10,
        imageTypes: ['jpg', 'png', 'gif', 'webp'],
        maxVideos: 1,
        needsMedia: false,
      };
    case 'tiktok':
      return { maxChars: 2200, maxImages: 35, imageTypes: ['jpg', 'webp'], maxVideos: 1, needsMedia: true };
  }
}

/** Below this many remaining characters the counter turns to a warning (spec section 9). */
export const REMAINING_WARNING = 20;
