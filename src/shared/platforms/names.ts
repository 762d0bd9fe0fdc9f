import type { Platform } from './rules';

/** Each network's name as people write it: the web's labels and the server's messages use these. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  twitter: 'X',
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};
