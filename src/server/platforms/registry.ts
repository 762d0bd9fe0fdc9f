import type { Platform } from '../../shared/platforms/rules';
import type { Env } from '../env';
import { createBlueskyAdapter } from './bluesky/bluesky.adapter';
import { networkConfig } from './config';
import type { PlatformAdapter } from './contract';
import { createFacebookAdapter } from './facebook/facebook.adapter';
import { createInstagramAdapter } from './instagram/instagram.adapter';
import { createLinkedinAdapter } from './linkedin/linkedin.adapter';
import { createTiktokAdapter } from './tiktok/tiktok.adapter';
import { createTwitterAdapter } from './twitter/twitter.adapter';

/** Every network's adapter, configured from env: the only place that lists them. */
export function createAdapters(env: Env): Record<Platform, PlatformAdapter> {
  return {
    bluesky: createBlueskyAdapter({ serviceUrl: env.BLUESKY_SERVICE_URL }),
    twitter: createTwitterAdapter(networkConfig(env, 'twitter')),
    linkedin: createLinkedinAdapter(networkConfig(env, 'linkedin')),
    facebook: createFacebookAdapter(networkConfig(env, 'facebook')),
    instagram: createInstagramAdapter(networkConfig(env, 'instagram')),
    tiktok: createTiktokAdapter(networkConfig(env, 'tiktok')),
  };
}
