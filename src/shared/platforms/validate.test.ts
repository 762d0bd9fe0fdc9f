import { describe, expect, it } from 'vitest';
import { validateForPlatform } from './validate';
import type { MediaItem } from './validate-media';

const image = (type: string): MediaItem => ({
  kind: 'image',
  name: `a.${type}`,
  mime: type === 'jpg' ? 'image/jpeg' : `image/${type}`,
  bytes: 1000,
  width: 100,
  height: 100,
  durationSeconds: null,
});
const video: MediaItem = {
  kind: 'video',
  name: 'clip.mp4',
  mime: 'video/mp4',
  bytes: 1000,
  width: 64,
  height: 48,
  durationSeconds: 5,
};
const draft = (text: string, images: string[] = [], videos = 0) => ({
  text,
  media: [...images.map(image), ...Array.from({ length: videos }, () => video)],
});

describe('validateForPlatform', () => {
  it('accepts a short post with a few images where they are allowed', () => {
    expect(validateForPlatform('bluesky', draft('hello', ['jpg', 'png']))).toEqual([]);
    expect(validateForPlatform('twitter', draft('x'.repeat(280)))).toEqual([]);
  });

  it('measures length by the network and the X account type', () => {
    expect(validateForPlatform('twitter', draft('x'.repeat(281)))).toEqual([
      { platform: 'twitter', code: 'too_long', max: 280, length: 281 },
    ]);
    expect(validateForPlatform('twitter', draft('x'.repeat(281)), 'professional')).toEqual([]);
    expect(validateForPlatform('bluesky', draft('👍'.repeat(300)))).toEqual([]);
    expect(validateForPlatform('bluesky', draft('👍'.repeat(301)))[0]).toMatchObject({
      code: 'too_long',
      length: 301,
    });
  });

  it('counts and types images per network', () => {
    expect(validateForPlatform('twitter', draft('x', ['jpg', 'jpg', 'jpg', 'jpg', 'jpg']))).toEqual([
      { platform: 'twitter', code: 'too_many_images', max: 4 },
    ]);
    expect(validateForPlatform('instagram', draft('x', ['gif']))).toEqual([
      { platform: 'instagram', code: 'image_type', name: 'a.gif', type: 'gif', allowed: ['jpg', 'png'] },
    ]);
    expect(validateForPlatform('linkedin', draft('x', ['webp']))[0]).toMatchObject({
      code: 'image_type',
      type: 'webp',
    });
  });

  it('asks for media where the network needs it, and refuses an empty post', () => {
    expect(validateForPlatform('instagram', draft('caption only'))).toEqual([
      { platform: 'instagram', code: 'needs_media' },
    ]);
    expect(validateForPlatform('tiktok', draft('caption', [], 1))).toEqual([]);
    expect(validateForPlatform('tiktok', draft('caption', [], 2))).toEqual([
      { platform: 'tiktok', code: 'too_many_videos', max: 1 },
    ]);
    expect(validateForPlatform('facebook', draft('  '))).toEqual([{ platform: 'facebook', code: 'empty' }]);
  });

  it('refuses images with a video where the network keeps them apart', () => {
    expect(validateForPlatform('twitter', draft('x', ['jpg'], 1))).toEqual([
      { platform: 'twitter', code: 'media_mix' },
    ]);
    expect(validateForPlatform('instagram', draft('x', ['jpg'], 1))).toEqual([]);
  });
});
