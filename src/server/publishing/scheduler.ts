import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { postTargets } from '../db/schema';
import { defineJob, type Queue } from '../jobs/queue';
import type { RenderPreparer } from '../media/render/render.job';

/**
 * One job per (post, network) target, due at the post's time. The job carries only the target id: the
 * worker re-reads everything, so a job that outlived a reschedule or a delete does nothing.
 */
export const publishTargetJob = defineJob({
  name: 'publish-target',
  payload: z.object({ targetId: z.uuid() }),
  // Our own retries (with the network's reset times) are new jobs; these cover a job whose worker died.
  retryLimit: 20,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
});

/**
 * Writes and cancels publish jobs inside the transaction that changes the post. Every path that
 * schedules a target comes here, so this is also where the post's edited videos get their render jobs
 * (`renders`), in the same transaction, ahead of the slot.
 */
export function createPublishScheduler(queue: Queue, renders?: RenderPreparer) {
  return {
    schedule(tx: Db, targetIds: string[], at: Date) {
      return this.scheduleEach(
        tx,
        targetIds.map((targetId) => ({ targetId, at })),
      );
    },
    /** Each target's job at its own time (a burst seeded at once, recurring posts). */
    async scheduleEach(tx: Db, targets: { targetId: string; at: Date }[]) {
      if (!targets.length) return;
      const items = targets.map(({ targetId, at }) => ({
        id: randomUUID(),
        data: { targetId },
        startAfter: at,
      }));
      await queue.sendInTransaction(tx, publishTargetJob, items);
      // One statement whatever the number of targets (a burst of thousands is saved in one go).
      await tx.execute(sql`
        update ${postTargets} set job_id = j.job_id
          from unnest(${sql.param(items.map((i) => i.data.targetId))}::uuid[],
                      ${sql.param(items.map((i) => i.id))}::uuid[]) as j(target_id, job_id)
         where ${postTargets.id} = j.target_id`);
      await renders?.(tx, targets);
    },
    /** Deletes the jobs `jobIds` (an SQL array) as part of the caller's statement (a claim). */
    discardSql: (jobIds: SQL) => queue.discardSql(publishTargetJob, jobIds),
    async cancel(tx: Db, jobIds: (string | null)[]) {
      const ids = jobIds.filter((id): id is string => id !== null);
      await queue.cancelInTransaction(tx, publishTargetJob, ids);
    },
  };
}
export type PublishScheduler = ReturnType<typeof createPublishScheduler>;
