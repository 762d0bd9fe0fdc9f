import { describe, expect, it } from 'vitest';
import { MEDIA_RULES, imageTypeOf, videoFormatName } from './media-rules';
import { PLATFORMS, type Platform, rulesFor } from './rules';
import { type MediaItem, mediaProblems } from './validate-media';

const MB = 1024 * 1024;

const image = (over: Partial<MediaItem> = {}): MediaItem => ({
  kind: 'image',
  name: 'photo.jpg',
  mime: 'image/jpeg',
  bytes: 200_000,
  width: 1080,
  height: 1080,
  durationSeconds: null,
  ...over,
});
const video = (over: Partial<MediaItem> = {}): MediaItem => ({
  kind: 'video',
  name: 'clip.mp4',
  mime: 'video/mp4',
  bytes: 5 * MB,
  width: 1080,
  height: 1920,
  durationSeconds: 10,
  ...over,
});
const codes = (platform: Platform, media: MediaItem[]) => mediaProblems(platform, media).map((p) => p.code);

describe('MEDIA_RULES', () => {
  it("holds each network's documented headline limits", () => {
    const headline = Object.fromEntries(
      PLATFORMS.map((p) => {
        const r = MEDIA_RULES[p];
        return [p, [r.mix, r.image.max, r.video.max, r.maxItems, r.needsMedia]];
      }),
    );
    expect(headline).toEqual({
      twitter: [false, 4, 1, 4, false],
      bluesky: [false, 4, 1, 4, false],
      facebook: [false, 10, 1, 10, false],
      instagram: [true, 10, 10, 10, true],
      linkedin: [false, 20, 1, 20, false],
      tiktok: [false, 35, 1, 35, true],
    });
  });

  it('is what the text rules and the adapters read (LinkedIn: 20 images, as its API takes)', () => {
    for (const p of PLATFORMS) expect(rulesFor(p).maxImages).toBe(MEDIA_RULES[p].image.max);
    expect(rulesFor('linkedin').maxImages).toBe(20);
  });

  it('is coherent: a post at each limit fits the whole, and JPEG (what the adapters convert to) is taken', () => {
    for (const p of PLATFORMS) {
      const { image: img, video: vid, maxItems } = MEDIA_RULES[p];
      expect(maxItems, p).toBeGreaterThanOrEqual(Math.max(img.max, vid.max));
      expect(img.sentAs, p).toContain('image/jpeg');
      expect(vid.minSeconds, p).toBeLessThan(vid.maxSeconds);
    }
  });

  it('names formats as people do', () => {
    expect(imageTypeOf('image/jpeg')).toBe('jpg');
    expect(imageTypeOf('image/webp')).toBe('webp');
    expect(videoFormatName('video/quicktime')).toBe('MOV');
    expect(videoFormatName('video/x-unknown')).toBe('X-UNKNOWN');
  });
});

describe('mediaProblems', () => {
  it('accepts what each network takes', () => {
    for (const p of PLATFORMS) {
      const types = MEDIA_RULES[p].image.types;
      const photo = image(types.includes('jpg') ? {} : { mime: 'image/webp', name: 'photo.webp' });
      expect(codes(p, [photo]), p).toEqual([]);
      expect(codes(p, [video()]), p).toEqual([]);
    }
  });

  it('refuses an image with a video everywhere but Instagram', () => {
    const mixed = [image(), video()];
    for (const p of PLATFORMS) expect(codes(p, mixed), p).toEqual(p === 'instagram' ? [] : ['media_mix']);
  });

  it('refuses one file over the count, per network', () => {
    const over = (p: Platform, kind: 'image' | 'video') => {
      const max = MEDIA_RULES[p][kind].max;
      return Array.from({ length: max + 1 }, () => (kind === 'image' ? image() : video()));
    };
    expect(codes('twitter', over('twitter', 'image'))).toEqual(['too_many_images']);
    expect(codes('bluesky', over('bluesky', 'image'))).toEqual(['too_many_images']);
    expect(codes('facebook', over('facebook', 'image'))).toEqual(['too_many_images']);
    expect(codes('linkedin', over('linkedin', 'image'))).toEqual(['too_many_images']);
    expect(
      codes(
        'tiktok',
        over('tiktok', 'image').map((f) => ({ ...f, mime: 'image/webp' })),
      ),
    ).toEqual(['too_many_images']);
    expect(codes('instagram', over('instagram', 'image'))).toEqual(['too_many_images']);
    for (const p of ['twitter', 'bluesky', 'facebook', 'linkedin', 'tiktok'] as const)
      expect(codes(p, [video(), video()]), p).toEqual(['too_many_videos']);
    // Instagram counts the carousel as a whole: 6 images and 5 videos are 11 items.
    const eleven = [...Array.from({ length: 6 }, () => image()), ...Array.from({ length: 5 }, () => video())];
    expect(mediaProblems('instagram', eleven)).toEqual([
      { platform: 'instagram', code: 'too_many_items', max: 10 },
    ]);
  });

  it('refuses a type the network does not take, per network', () => {
    const gif = image({ mime: 'image/gif', name: 'anim.gif' });
    const png = image({ mime: 'image/png', name: 'shot.png' });
    const webm = video({ mime: 'video/webm', name: 'screen.webm' });
    const mov = video({ mime: 'video/quicktime', name: 'phone.mov' });
    expect(codes('instagram', [gif])).toEqual(['image_type']);
    expect(codes('tiktok', [png])).toEqual(['image_type']);
    expect(codes('linkedin', [image({ mime: 'image/webp' })])).toEqual(['image_type']);
    expect(codes('twitter', [webm])).toEqual(['video_type']);
    expect(codes('facebook', [webm])).toEqual(['video_type']);
    expect(codes('instagram', [webm])).toEqual(['video_type']);
    expect(mediaProblems('bluesky', [mov])).toEqual([
      {
        platform: 'bluesky',
        code: 'video_type',
        name: 'phone.mov',
        mime: 'video/quicktime',
        allowed: ['video/mp4'],
      },
    ]);
    expect(codes('linkedin', [mov])).toEqual(['video_type']);
    expect(codes('tiktok', [webm])).toEqual([]);
    expect(codes('tiktok', [mov])).toEqual([]);
    // Facebook takes the formats its help lists, AVI and MKV included.
    expect(codes('facebook', [video({ mime: 'video/vnd.avi' })])).toEqual([]);
  });

  it('refuses a video too big for the network', () => {
    const big = (bytes: number) => [video({ bytes })];
    expect(mediaProblems('bluesky', big(100_000_001))).toEqual([
      {
        platform: 'bluesky',
        code: 'video_too_large',
        name: 'clip.mp4',
        bytes: 100_000_001,
        max: 100_000_000,
        inCarousel: false,
      },
    ]);
    expect(codes('bluesky', big(100_000_000))).toEqual([]);
    expect(codes('twitter', big(512 * MB + 1))).toEqual(['video_too_large']);
    expect(codes('facebook', big(1024 * MB + 1))).toEqual(['video_too_large']);
    expect(codes('instagram', big(300 * MB + 1))).toEqual(['video_too_large']);
    expect(codes('linkedin', big(500 * MB + 1))).toEqual(['video_too_large']);
    expect(codes('tiktok', big(4096 * MB + 1))).toEqual(['video_too_large']);
  });

  it('refuses a video too long or too short, per network', () => {
    const lasting = (durationSeconds: number) => [video({ durationSeconds })];
    expect(codes('twitter', lasting(140))).toEqual([]);
    expect(codes('twitter', lasting(141))).toEqual(['video_too_long']);
    expect(codes('twitter', lasting(0.4))).toEqual(['video_too_short']);
    expect(codes('bluesky', lasting(181))).toEqual(['video_too_long']);
    expect(codes('facebook', lasting(20 * 60 + 1))).toEqual(['video_too_long']);
    expect(codes('instagram', lasting(15 * 60 + 1))).toEqual(['video_too_long']);
    expect(codes('instagram', lasting(2))).toEqual(['video_too_short']);
    expect(codes('linkedin', lasting(30 * 60 + 1))).toEqual(['video_too_long']);
    expect(codes('linkedin', lasting(1))).toEqual(['video_too_short']);
    expect(codes('tiktok', lasting(601))).toEqual(['video_too_long']);
    expect(mediaProblems('tiktok', lasting(1))).toEqual([
      {
        platform: 'tiktok',
        code: 'video_too_short',
        name: 'clip.mp4',
        seconds: 1,
        limit: 3,
        inCarousel: false,
      },
    ]);
    // A length probed a hair over the limit still counts as at it.
    expect(codes('twitter', lasting(140.02))).toEqual([]);
  });

  it("holds an Instagram carousel's videos to a minute, and its images to 4:5 – 1.91:1", () => {
    const twoMinutes = video({ durationSeconds: 120 });
    expect(codes('instagram', [twoMinutes])).toEqual([]);
    expect(mediaProblems('instagram', [image(), twoMinutes])).toEqual([
      {
        platform: 'instagram',
        code: 'video_too_long',
        name: 'clip.mp4',
        seconds: 120,
        limit: 60,
        inCarousel: true,
      },
    ]);
    expect(codes('instagram', [image(), video({ bytes: 101 * MB })])).toEqual(['video_too_large']);
    expect(codes('instagram', [image({ width: 1080, height: 1350 })])).toEqual([]);
    expect(codes('instagram', [image({ width: 1910, height: 1000 })])).toEqual([]);
    expect(mediaProblems('instagram', [image({ name: 'tall.jpg', width: 1080, height: 1920 })])).toEqual([
      {
        platform: 'instagram',
        code: 'image_aspect',
        name: 'tall.jpg',
        ratio: 1080 / 1920,
        min: { width: 4, height: 5 },
        max: { width: 1.91, height: 1 },
      },
    ]);
    expect(codes('instagram', [image({ width: 3000, height: 1000 })])).toEqual(['image_aspect']);
    // Only Instagram refuses a shape.
    expect(codes('twitter', [image({ width: 1080, height: 1920 })])).toEqual([]);
  });

  it('asks Instagram and TikTok for a file', () => {
    for (const p of PLATFORMS)
      expect(codes(p, []), p).toEqual(p === 'instagram' || p === 'tiktok' ? ['needs_media'] : []);
  });
});
