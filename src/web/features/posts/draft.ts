import type { Post } from '../../../shared/api/posts.schemas';
import type { Platform } from '../../../shared/platforms/rules';
import type { DraftMedia } from '../../components/post-form/draft-media';
import type { DraftVersion } from '../../components/post-form/versions';

/** A post being written in the composer: what it holds until it is saved. */
export interface Draft {
  id?: string;
  content: string;
  platforms: Platform[];
  /** Where a network has several accounts, the ones chosen (connection ids). */
  accounts: string[];
  scheduledAt: Date | null;
  media: DraftMedia[];
  /** Networks' own versions (issue 26); the others get `content` and `media`. */
  versions: DraftVersion[];
}

export const emptyDraft = (scheduledAt: Date | null = null): Draft => ({
  content: '',
  platforms: [],
  accounts: [],
  scheduledAt,
  media: [],
  versions: [],
});
export const draftOf = (post: Post): Draft => ({
  id: post.id,
  content: post.content,
  platforms: post.platforms,
  accounts: post.accounts,
  scheduledAt: post.scheduledAt ? new Date(post.scheduledAt) : null,
  media: post.media,
  versions: post.versions,
});

/** Whether the composer holds something its user would lose by closing it. */
export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);
