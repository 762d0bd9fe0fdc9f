import type { Finished, Settled } from './publishing.repo';

/** What one `finishMany` batch settled: the targets it moved and the posts it brought to an end. */
export interface Settlement {
  targets: {
    targetId: string;
    postId: string;
    userId: string;
    workspaceId: string;
    platform: string;
    outcome: Settled;
  }[];
  posts: {
    postId: string;
    userId: string;
    workspaceId: string;
    status: 'published' | 'failed' | 'partially_failed';
  }[];
}

const POST_ENDS = new Set(['published', 'failed', 'partially_failed']);

export function settlementOf(
  items: Finished[],
  rows: { id: string; post_status: string | null }[],
): Settlement {
  const byTarget = new Map(items.map((item) => [item.claim.targetId, item]));
  const targets: Settlement['targets'] = [];
  const posts = new Map<string, Settlement['posts'][number]>();
  for (const row of rows) {
    const item = byTarget.get(row.id);
    if (!item) continue;
    const { claim, outcome } = item;
    targets.push({
      targetId: row.id,
      postId: claim.postId,
      userId: claim.userId,
      workspaceId: claim.workspaceId,
      platform: claim.platform,
      outcome,
    });
    if (row.post_status && POST_ENDS.has(row.post_status))
      posts.set(claim.postId, {
        postId: claim.postId,
        userId: claim.userId,
        workspaceId: claim.workspaceId,
        status: row.post_status as Settlement['posts'][number]['status'],
      });
  }
  return { targets, posts: [...posts.values()] };
}
