import type { MediaLinks } from '../media/media-links';
import type { MediaStore } from '../media/media.store';
import { RENDER_FAILURE_TEXT } from '../media/render/renderer';
import { type MediaFile, PlatformError } from '../platforms/contract';
import type { ClaimedTarget } from './publishing.repo';

/**
 * The files a claimed target sends: each upload as it is, or, for a video with edits, its render (file,
 * facts and a signed link of its own). A render that failed fails the target with the reason.
 */
export const mediaFilesOf = (claim: ClaimedTarget, store: MediaStore, links: MediaLinks): MediaFile[] =>
  claim.media.map((media) => {
    const render = media.render;
    if (render?.status === 'failed')
      throw new PlatformError(
        'permanent',
        `The edited video could not be made: ${RENDER_FAILURE_TEXT[render.error ?? 'internal']}`,
        {
          code: 'video_render_failed',
        },
      );
    // A ready render replaces the upload: its file, its facts, and its own signed link.
    if (render?.status === 'ready' && render.storageKey)
      return {
        id: media.id,
        kind: media.kind,
        mime: 'video/mp4',
        bytes: render.bytes ?? media.bytes,
        width: render.width,
        height: render.height,
        durationSeconds: render.durationSeconds,
        altText: media.alt,
        path: store.pathOf(render.storageKey),
        publicUrl: links.linkFor(render.id),
      };
    return {
      id: media.id,
      kind: media.kind,
      mime: media.mime,
      bytes: media.bytes,
      width: media.width,
      height: media.height,
      durationSeconds: media.durationSeconds,
      altText: media.alt,
      path: store.pathOf(media.storageKey),
      publicUrl: links.linkFor(media.id),
    };
  });
