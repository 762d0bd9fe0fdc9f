import type { Media } from '../../../shared/api/media.schemas';
import type { VideoEdits } from '../../../shared/api/posts.schemas';

/** An attached file as a post being written holds it: a video's edits, an image's alternative text. */
export type DraftMedia = Media & { edits?: VideoEdits | null; alt?: string };

/** What a post or a recurring post sends of an attached file: its id, a video's edits, an image's text. */
export const mediaWrite = (m: DraftMedia) => ({
  id: m.id,
  ...(m.kind === 'video' && m.edits ? { edits: m.edits } : {}),
  ...(m.kind === 'image' && m.alt ? { alt: m.alt } : {}),
});
