import {
  IconBrandBluesky,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
} from '@tabler/icons-react';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import type { Platform } from '../../shared/platforms/rules';

/** Every network's mark, facebook included (the spec's calendar map forgot it). */
export const PLATFORM_ICONS = {
  twitter: IconBrandX,
  bluesky: IconBrandBluesky,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  tiktok: IconBrandTiktok,
} satisfies Record<Platform, unknown>;

export function PlatformIcon({ platform, size = 16 }: { platform: Platform; size?: number }) {
  const Icon = PLATFORM_ICONS[platform];
  return <Icon size={size} aria-label={PLATFORM_NAMES[platform]} role="img" />;
}
