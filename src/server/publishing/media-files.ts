import type { MediaLinks } from '../media/media-links';
import type { MediaStore } from '../media/media.store';
import { RENDER_FAILURE_TEXT } from '../media/render/renderer';
import { type MediaFile, PlatformError } from '../platforms/contract';
import type { ClaimedTarget } from './publishing.repo';

/** How long a network may take to fetch a file after we hand it a pre-signed URL of the store. */
const PRESIGNED_SECONDS = 60 * 60;

export interface MediaSource {
  store: MediaStore;
  links: MediaLinks;
  /**
   * Hand networks that pull media (Instagram, TikTok) the store's pre-signed URL instead of our signed
   * link (S3_MEDIA_LINKS=presigned). Only for videos and JPEG images: a network that needs another image
   * as JPEG asks our link for the conversion (`format=jpeg`), which a pre-signed URL cannot do.
   */
  presigned: boolean;
}

/** A render that failed fails the target with the reason. */
const assertRendered = (claim: ClaimedTarget) => {
  const failure = claim.media.find((media) => media.renderFailure)?.renderFailure;
  if (failure)
    throw new PlatformError(
      'permanent',
      `The edited video could not be made: ${RENDER_FAILURE_TEXT[failure]}`,
      {
        code: 'video_render_failed',
      },
    );
};

/**
 * Runs `fn` with the target's files, each with a local path (the file itself in the data folder, a
 * temporary download from S3, removed once `fn` is done; none when the adapter only lets the network
 * pull, `localFiles: false`) and a URL a network may fetch it from.
 */
export async function withMediaFiles<T>(
  claim: ClaimedTarget,
  source: MediaSource,
  options: { localFiles: boolean },
  fn: (files: MediaFile[]) => Promise<T>,
): Promise<T> {
  assertRendered(claim);
  const files: MediaFile[] = [];
  const next = async (index: number): Promise<T> => {
    const item = claim.media[index];
    if (!item) return fn(files);
    const { storageKey: key, linkId, renderFailure: _, ...file } = item;
    const pull = source.presigned && (file.kind === 'video' || file.mime === 'image/jpeg');
    const publicUrl =
      pull && source.store.signedUrl
        ? await source.store.signedUrl(key, PRESIGNED_SECONDS)
        : source.links.linkFor(linkId);
    if (!options.localFiles) {
      files[index] = { ...file, path: '', publicUrl };
      return next(index + 1);
    }
    return source.store.withLocalFile(key, (path) => {
      files[index] = { ...file, path, publicUrl };
      return next(index + 1);
    });
  };
  return next(0);
}
