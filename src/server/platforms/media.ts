import { readFile } from 'node:fs/promises';
import { MEDIA_RULES, videoFormatName } from '../../shared/platforms/media-rules';
import type { Platform } from '../../shared/platforms/rules';
import { type MediaProblem, mediaProblems } from '../../shared/platforms/validate-media';
import type { PlatformErrorCode } from '../../shared/platforms/error-codes';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import { PlatformError } from './contract';
import type { MediaFile } from './contract';

export interface ImageNeeds {
  /** The largest file the network accepts, in bytes. */
  maxBytes: number;
  /** The longest side the network keeps; larger images are scaled down. */
  maxDimension?: number;
  /** MIME types the network accepts as they are; anything else is converted to JPEG. */
  accepts: readonly string[];
}

/** What `platform` takes as an image (MEDIA_RULES), for `prepareImage`; `gif` for X's animated GIFs. */
export function imageNeeds(platform: Platform, variant: 'still' | 'gif' = 'still'): ImageNeeds {
  const rules = MEDIA_RULES[platform].image;
  if (variant === 'gif' && rules.gifMaxBytes) return { maxBytes: rules.gifMaxBytes, accepts: ['image/gif'] };
  return { maxBytes: rules.maxBytes, maxDimension: rules.maxDimension, accepts: rules.sentAs };
}

/** The `PlatformError` code of a problem, as the web words it (`networkErrors.*`). */
const ERROR_CODES: Record<MediaProblem['code'], PlatformErrorCode> = {
  needs_media: 'media_required',
  media_mix: 'media_mix',
  too_many_items: 'too_many_media',
  too_many_images: 'too_many_images',
  too_many_videos: 'too_many_videos',
  image_type: 'image_type',
  image_aspect: 'image_aspect',
  video_type: 'video_type',
  video_too_large: 'media_too_large',
  video_too_long: 'video_too_long',
  video_too_short: 'video_too_short',
};

/** The problem in English, kept as the target's error for logs and for a reader without a translation. */
function describe(problem: MediaProblem): string {
  const network = PLATFORM_NAMES[problem.platform];
  switch (problem.code) {
    case 'needs_media':
      return `${network} needs an image or a video`;
    case 'media_mix':
      return `${network} does not take images and videos in the same post`;
    case 'too_many_items':
    case 'too_many_images':
    case 'too_many_videos':
      return `${network} takes at most ${problem.max} ${problem.code.replace('too_many_', '')} in a post`;
    case 'image_type':
      return `${network} does not take ${problem.type} images (${problem.name})`;
    case 'image_aspect':
      return `${network} takes images from ${problem.min.width}:${problem.min.height} to ${problem.max.width}:${problem.max.height} (${problem.name})`;
    case 'video_type':
      return `${network} does not take ${videoFormatName(problem.mime)} videos (${problem.name})`;
    case 'video_too_large':
      return `${network} takes videos up to ${Math.floor(problem.max / 1_000_000)} MB (${problem.name})`;
    case 'video_too_long':
      return `${network} takes videos up to ${problem.limit} seconds (${problem.name})`;
    case 'video_too_short':
      return `${network} takes videos of at least ${problem.limit} seconds (${problem.name})`;
  }
}

/**
 * The adapter's last check before it uploads anything: what the network would refuse by MEDIA_RULES, the
 * same rules the composer and scheduling applied. Image types are left out: the adapter re-encodes an
 * image the network does not take as it is (`prepareImage`, or a JPEG rendition of the media link).
 */
export function assertMediaFits(platform: Platform, media: readonly MediaFile[]) {
  const problem = mediaProblems(
    platform,
    media.map((file) => ({ ...file, name: file.id })),
  ).find((p) => p.code !== 'image_type');
  if (problem) throw new PlatformError('permanent', describe(problem), { code: ERROR_CODES[problem.code] });
}

/**
 * The image as the network wants it: the original when it already fits, otherwise re-encoded (JPEG, or
 * the same format) and scaled down step by step until it is under `maxBytes`. GIFs that fit are kept
 * as they are so that animation survives.
 */
export async function prepareImage(
  file: MediaFile,
  needs: ImageNeeds,
): Promise<{ data: Buffer; mime: string; width: number; height: number }> {
  // Loaded here, not at start: sharp and libvips are ~18 MB resident (decision 029).
  const { default: sharp } = await import('sharp');
  const original = await readFile(file.path);
  const meta = await sharp(original).metadata();
  const width = meta.width ?? file.width ?? 0;
  const height = meta.height ?? file.height ?? 0;
  const fitsSize = !needs.maxDimension || Math.max(width, height) <= needs.maxDimension;
  if (needs.accepts.includes(file.mime) && original.length <= needs.maxBytes && fitsSize)
    return { data: original, mime: file.mime, width, height };

  let longest = Math.min(Math.max(width, height), needs.maxDimension ?? Number.POSITIVE_INFINITY);
  for (
    let quality = 90;
    longest >= 64;
    quality = Math.max(60, quality - 10), longest = Math.round(longest * 0.8)
  ) {
    const { data, info } = await sharp(original)
      .rotate()
      .resize({ width: longest, height: longest, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= needs.maxBytes)
      return { data, mime: 'image/jpeg', width: info.width, height: info.height };
  }
  throw new PlatformError('permanent', `the image ${file.id} cannot be made small enough`, {
    code: 'media_too_large',
  });
}
