import type { Post, PostTarget } from '../../../shared/api/posts.schemas';

/**
 * Whether Post now has an answer for every network: published or failed, or retrying later (its next
 * attempt is then what there is to say).
 */
export const isSettled = (targets: Pick<PostTarget, 'status'>[]) =>
  targets.length > 0 && targets.every((t) => ['published', 'failed', 'retrying'].includes(t.status));

/** How a Post now went as a whole, once settled: the notice's title and colour. */
export function outcomeOf(post: Pick<Post, 'targets'>): 'published' | 'partial' | 'failed' | 'retrying' {
  const published = post.targets.filter((t) => t.status === 'published').length;
  if (published === post.targets.length) return 'published';
  if (post.targets.some((t) => t.status === 'retrying')) return 'retrying';
  return published > 0 ? 'partial' : 'failed';
}
