import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
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

/**
 * The image as the network wants it: the original when it already fits, otherwise re-encoded (JPEG, or
 * the same format) and scaled down step by step until it is under `maxBytes`. GIFs that fit are kept
 * as they are so that animation survives.
 */
export async function prepareImage(
  file: MediaFile,
  needs: ImageNeeds,
): Promise<{ data: Buffer; mime: string; width: number; height: number }> {
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
