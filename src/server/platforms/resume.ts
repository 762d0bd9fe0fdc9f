import type { Platform } from '../../shared/platforms/rules';
import { PlatformError, type PublishInput } from './contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';

/**
 * Looking for an earlier attempt's post before posting again (decision 008), the same way on every
 * network that can list an account's posts (X, LinkedIn, Facebook, Instagram): read the list newest
 * first, page by page, until a post is ours, one is older than the first attempt, or the list ends.
 */

/** A post found on resume counts as ours when created at most this long before the first attempt. */
export const RESUME_SLACK_MS = 60_000;
/**
 * A resumed attempt reads the account's posts since its first attempt (minus the slack) in pages of
 * this size, at most this many pages; a burst that made more posts than that is a transient failure
 * (`resume_lookup_incomplete`), because posting without having looked could post twice.
 */
export const RESUME_PAGE_SIZE = 100;
export const RESUME_MAX_PAGES = 20;

/** The start of the resume window (the first attempt minus the slack), in epoch milliseconds. */
export const resumeSince = (input: Pick<PublishInput, 'firstAttemptAt'>) =>
  input.firstAttemptAt.getTime() - RESUME_SLACK_MS;

/** Where a listed post stands: ours, older than the resume window, or another recent post. */
export type ResumeVerdict = 'ours' | 'older' | 'other';

/**
 * The verdict on one listed post. `createdAt` and `listedAt` (the time the list is sorted by, when it is
 * not the creation time) are epoch milliseconds, NaN when the network left them out: a post of unknown
 * age is never ours and never ends the search.
 */
export function resumeVerdict(
  input: Pick<PublishInput, 'firstAttemptAt'>,
  post: { sameText: boolean; createdAt: number; listedAt?: number },
): ResumeVerdict {
  const since = resumeSince(input);
  if (post.sameText && post.createdAt >= since) return 'ours';
  return (post.listedAt ?? post.createdAt) < since ? 'older' : 'other';
}

/** A resumed attempt that could not read back far enough: try again later rather than post twice. */
export const lookupIncomplete = (platform: Platform) =>
  new PlatformError(
    'transient',
    `${PLATFORM_NAMES[platform]} lists more posts since the first attempt than Postwell looks through; trying again later`,
    { code: 'resume_lookup_incomplete' },
  );

/**
 * Reads a list newest first: `readPage` gets the cursor of the page to read (undefined for the first)
 * and answers its items and the next page's cursor (undefined on the last page). Returns the first item
 * `verdict` calls ours, or null at an older item or the end of the list; more than RESUME_MAX_PAGES
 * pages throws `resume_lookup_incomplete` (transient).
 */
export async function findNewestFirst<Item, Cursor>(
  platform: Platform,
  readPage: (cursor: Cursor | undefined) => Promise<{ items: readonly Item[]; next: Cursor | undefined }>,
  verdict: (item: Item) => ResumeVerdict,
): Promise<Item | null> {
  let cursor: Cursor | undefined;
  for (let page = 0; page < RESUME_MAX_PAGES; page += 1) {
    const { items, next } = await readPage(cursor);
    for (const item of items) {
      const seen = verdict(item);
      if (seen === 'ours') return item;
      if (seen === 'older') return null;
    }
    if (next === undefined) return null;
    cursor = next;
  }
  throw lookupIncomplete(platform);
}
