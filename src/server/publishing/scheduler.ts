import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { postTargets } from '../db/schema';
import type { RenderPreparer } from '../media/render/render.job';

/**
 * Sets when targets come due, inside the transaction that changes their post (decision 036): the target
 * row is the unit of work, and a worker claims it by its `due_at`. Every path that schedules a target
 * comes here, so this is also where the post's edited videos get their render jobs (`renders`), in the
 * same transaction, ahead of the slot.
 */
export function createPublishScheduler(renders?: RenderPreparer) {
  return {
    schedule(tx: Db, targetIds: string[], at: Date) {
      return this.scheduleEach(
        tx,
        targetIds.map((targetId) => ({ targetId, at })),
      );
    },
    /** Each target due at its own time (a burst seeded at once, recurring posts). */
    async scheduleEach(tx: Db, targets: { targetId: string; at: Date }[]) {
      if (!targets.length) return;
      // One statement whatever the number of targets (a burst of thousands is saved in one go). It also
      // says whether any of their posts has media: a post of text alone needs no look for edited videos.
      const rows = rowsOf<{ media: boolean }>(
        await tx.execute(sql`
        update ${postTargets} t set due_at = j.at
          from unnest(${sql.param(targets.map((t) => t.targetId))}::uuid[],
                      ${sql.param(targets.map((t) => t.at.toISOString()))}::timestamptz[]) as j(target_id, at)
         where t.id = j.target_id
        returning exists (select 1 from post_media pm where pm.post_id = t.post_id) as media`),
      );
      if (rows.some((row) => row.media)) await renders?.(tx, targets);
    },
    /** The post's targets still pending (none has started) due at `at`: a post scheduled or moved. */
    async schedulePending(tx: Db, postId: string, at: Date) {
      const pending = await tx
        .select({ id: postTargets.id })
        .from(postTargets)
        .where(and(eq(postTargets.postId, postId), eq(postTargets.status, 'pending')));
      await this.schedule(
        tx,
        pending.map((t) => t.id),
        at,
      );
    },
    /** No worker is to take the post's targets (it went back to draft). */
    async unschedule(tx: Db, postId: string) {
      await tx.execute(sql`update ${postTargets} set due_at = null where post_id = ${postId}`);
    },
  };
}
export type PublishScheduler = ReturnType<typeof createPublishScheduler>;
