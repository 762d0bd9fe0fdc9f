import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PostStatus } from '../../shared/api/posts.schemas';
import { type Db, transaction } from '../db/client';
import { posts, postTargets } from '../db/schema';
import type { PublishScheduler } from '../publishing/scheduler';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

/** Posts by status, for scripts (the calendar reads by date range), and calling off a scheduled post. */
export function createPostsStatusRepo(db: Db, scheduler: PublishScheduler) {
  return {
    /** A page of the ids of the workspace's posts in `status`, soonest first (undated last), and how many in all. */
    async pageIds(workspaceId: WorkspaceId, status: PostStatus, limit: number, offset: number) {
      const where = and(eq(posts.workspaceId, workspaceId), eq(posts.status, status));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: posts.id })
          .from(posts)
          .where(where)
          .orderBy(sql`${posts.scheduledAt} asc nulls last`, asc(posts.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(posts).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
    },

    /**
     * Turns a scheduled post whose networks are all still pending back into a draft (date kept) and
     * cancels its publish jobs, in one transaction. The post row is changed only while it is `scheduled`,
     * and a worker claims targets only of a scheduled post (publishing.repo.ts), so the two cannot both
     * win. False when the post was not in that state any more.
     */
    async cancelScheduled(workspaceId: WorkspaceId, id: string): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(posts)
          .set({ status: 'draft', updatedAt: new Date() })
          .where(
            and(
              eq(posts.id, id),
              eq(posts.workspaceId, workspaceId),
              inArray(posts.status, ['scheduled', 'awaiting_approval']),
              sql`not exists (select 1 from ${postTargets} t where t.post_id = ${posts.id} and t.status <> 'pending')`,
            ),
          )
          .returning({ id: posts.id });
        if (!row) return false;
        await scheduler.unschedule(tx, id);
        return true;
      });
    },

    /**
     * Moves a post that no network has started to `at` as `status`: `scheduled` makes its pending
     * targets due then; `awaiting_approval` (a contributor's change in a workspace that asks for
     * approval) makes none due and forgets what was approved. False when it had started meanwhile.
     */
    async moveTo(
      workspaceId: WorkspaceId,
      id: string,
      status: 'scheduled' | 'awaiting_approval',
      at: Date,
      now: Date,
      timezone?: string,
    ): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(posts)
          .set({
            status,
            scheduledAt: at,
            ...(timezone ? { timezone } : {}),
            updatedAt: now,
            ...(status === 'awaiting_approval' ? { approvalHash: null, reviewNote: null } : {}),
          })
          .where(
            and(
              eq(posts.id, id),
              eq(posts.workspaceId, workspaceId),
              inArray(posts.status, ['scheduled', 'awaiting_approval', 'not_approved']),
              sql`not exists (select 1 from ${postTargets} t where t.post_id = ${posts.id} and t.status <> 'pending')`,
            ),
          )
          .returning({ id: posts.id });
        if (!row) return false;
        if (status === 'awaiting_approval') await scheduler.unschedule(tx, id);
        else await scheduler.schedulePending(tx, id, at);
        return true;
      });
    },
  };
}
export type PostsStatusRepo = ReturnType<typeof createPostsStatusRepo>;
