import { imageTypeOf, type ImageType, MEDIA_RULES, type Ratio, ratioValue } from './media-rules';
import type { Platform } from './rules';

/** One attached file as the rules need it: the composer's upload, the server's row, an adapter's file. */
export interface MediaItem {
  kind: 'image' | 'video';
  /** What the person recognises the file by (its upload name; the adapters use its id). */
  name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

export type MediaProblem =
  | { platform: Platform; code: 'needs_media' }
  | { platform: Platform; code: 'media_mix' }
  | { platform: Platform; code: 'too_many_items'; max: number }
  | { platform: Platform; code: 'too_many_images'; max: number }
  | { platform: Platform; code: 'too_many_videos'; max: number }
  | { platform: Platform; code: 'image_type'; name: string; type: string; allowed: readonly ImageType[] }
  | { platform: Platform; code: 'image_aspect'; name: string; ratio: number; min: Ratio; max: Ratio }
  | { platform: Platform; code: 'video_type'; name: string; mime: string; allowed: readonly string[] }
  | {
      platform: Platform;
      code: 'video_too_large';
      name: string;
      bytes: number;
      max: number;
      inCarousel: boolean;
    }
  | {
      platform: Platform;
      code: 'video_too_long' | 'video_too_short';
      name: string;
      seconds: number;
      limit: number;
      inCarousel: boolean;
    };

/** A ratio off by a rounded pixel (1079×1350 for 4:5) is still taken. */
const RATIO_SLACK = 0.001;
/** Durations are probed to the millisecond; a video a hair over a limit still counts as at the limit. */
const SECONDS_SLACK = 0.05;

function imageProblems(platform: Platform, file: MediaItem): MediaProblem[] {
  const rules = MEDIA_RULES[platform].image;
  const problems: MediaProblem[] = [];
  const type = imageTypeOf(file.mime);
  if (!rules.types.includes(type as ImageType))
    problems.push({ platform, code: 'image_type', name: file.name, type, allowed: rules.types });
  const range = rules.aspectRatio;
  if (range && file.width && file.height) {
    const ratio = file.width / file.height;
    if (ratio < ratioValue(range.min) - RATIO_SLACK || ratio > ratioValue(range.max) + RATIO_SLACK)
      problems.push({
        platform,
        code: 'image_aspect',
        name: file.name,
        ratio,
        min: range.min,
        max: range.max,
      });
  }
  return problems;
}

function videoProblems(platform: Platform, file: MediaItem, inCarousel: boolean): MediaProblem[] {
  const rules = MEDIA_RULES[platform].video;
  const limits = (inCarousel && rules.inCarousel) || rules;
  const carousel = inCarousel && Boolean(rules.inCarousel);
  const problems: MediaProblem[] = [];
  if (!rules.types.includes(file.mime))
    problems.push({ platform, code: 'video_type', name: file.name, mime: file.mime, allowed: rules.types });
  if (file.bytes > limits.maxBytes)
    problems.push({
      platform,
      code: 'video_too_large',
      name: file.name,
      bytes: file.bytes,
      max: limits.maxBytes,
      inCarousel: carousel,
    });
  const seconds = file.durationSeconds;
  if (seconds !== null && seconds > limits.maxSeconds + SECONDS_SLACK)
    problems.push({
      platform,
      code: 'video_too_long',
      name: file.name,
      seconds,
      limit: limits.maxSeconds,
      inCarousel: carousel,
    });
  if (seconds !== null && seconds < limits.minSeconds - SECONDS_SLACK)
    problems.push({
      platform,
      code: 'video_too_short',
      name: file.name,
      seconds,
      limit: limits.minSeconds,
      inCarousel: carousel,
    });
  return problems;
}

/**
 * What `platform` would refuse in a post carrying `media`, by MEDIA_RULES: the whole post first (nothing
 * attached where media is needed, images with videos, counts), then each file (type, ratio, size, length).
 */
export function mediaProblems(platform: Platform, media: readonly MediaItem[]): MediaProblem[] {
  const rules = MEDIA_RULES[platform];
  const images = media.filter((file) => file.kind === 'image');
  const videos = media.filter((file) => file.kind === 'video');
  const problems: MediaProblem[] = [];
  if (rules.needsMedia && !media.length) problems.push({ platform, code: 'needs_media' });
  if (!rules.mix && images.length && videos.length) problems.push({ platform, code: 'media_mix' });
  if (images.length > rules.image.max)
    problems.push({ platform, code: 'too_many_images', max: rules.image.max });
  if (videos.length > rules.video.max)
    problems.push({ platform, code: 'too_many_videos', max: rules.video.max });
  if (media.length > rules.maxItems && images.length <= rules.image.max && videos.length <= rules.video.max)
    problems.push({ platform, code: 'too_many_items', max: rules.maxItems });
  for (const file of images) problems.push(...imageProblems(platform, file));
  for (const file of videos) problems.push(...videoProblems(platform, file, media.length > 1));
  return problems;
}
