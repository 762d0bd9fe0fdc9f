import type { Post, PostTarget } from '../../../shared/api/posts.schemas';
import type { Account } from '../../../shared/api/users.schemas';
import { accountsFor } from '../../lib/accounts';
import type { Platform } from '../../../shared/platforms/rules';

/** A selected network the post cannot go out to as things stand, and why. */
export interface Unready {
  platform: Platform;
  reason: NonNullable<PostTarget['blocked']>;
}

/**
 * The selected networks with no account, or with an account it goes to that needs reconnecting: the same
 * reasons the server gives a waiting target (`blocked`), asked before sending instead of shown after.
 */
export function unreadyNetworks(
  platforms: Platform[],
  accounts: readonly Account[],
  chosen: readonly string[] = [],
): Unready[] {
  return platforms.flatMap((platform): Unready[] => {
    const going = accountsFor(platform, chosen, accounts);
    if (!going.length) return [{ platform, reason: 'not_connected' }];
    return going.some((a) => a.status === 'needs_reconnect') ? [{ platform, reason: 'needs_reconnect' }] : [];
  });
}

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
