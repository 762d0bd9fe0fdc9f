import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, transaction } from '../db/client';
import { postingSchedules, queueSlots } from '../db/schema';
import type { PublishScheduler } from '../publishing/scheduler';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

/** One account's queue: the workspace, the network and the network's id of the account. */
export interface QueueKey {
  workspaceId: WorkspaceId;
  platform: string;
  accountId: string;
}

export type ScheduleRow = typeof postingSchedules.$inferSelect;

/**
 * A taken slot of a queue. `movable`: a queued post the queue may still move (scheduled or waiting for
 * approval, no network started on it); a skipped slot has no post.
 */
export interface TakenSlot {
  slotAt: Date;
  postId: string | null;
  movable: boolean;
}

const ofQueue = (key: QueueKey) =>
  and(
    eq(queueSlots.workspaceId, key.workspaceId),
    eq(queueSlots.platform, key.platform),
    eq(queueSlots.accountId, key.accountId),
  );

export function createQueueRepo(db: Db, scheduler: PublishScheduler) {
  return {
    /**
     * Runs `work` in one transaction holding the locks of `keys` (in one order, so two callers never wait
     * on each other): every change to a queue reads its taken slots and then writes, so changes take turns.
     * The unique (account, slot) index stands behind the lock.
     */
    locked<T>(keys: QueueKey[], work: (tx: Db) => Promise<T>): Promise<T> {
      const names = [
        ...new Set(keys.map((k) => `queue:${k.workspaceId}:${k.platform}:${k.accountId}`)),
      ].sort();
      return transaction(db, async (tx) => {
        for (const name of names)
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
        return work(tx);
      });
    },
    async schedule(key: QueueKey, tx: Db = db): Promise<ScheduleRow | undefined> {
      const [row] = await tx
        .select()
        .from(postingSchedules)
        .where(
          and(
            eq(postingSchedules.workspaceId, key.workspaceId),
            eq(postingSchedules.platform, key.platform),
            eq(postingSchedules.accountId, key.accountId),
          ),
        );
      return row;
    },
    async saveSchedule(
      tx: Db,
      key: QueueKey,
      values: Pick<ScheduleRow, 'timezone' | 'times' | 'paused'>,
      now: Date,
    ) {
      await tx
        .insert(postingSchedules)
        .values({ ...key, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: [postingSchedules.workspaceId, postingSchedules.platform, postingSchedules.accountId],
          set: { ...values, updatedAt: now },
        });
    },
    /** The queue's slots taken after `after`, soonest first. */
    async taken(key: QueueKey, after: Date, tx: Db = db): Promise<TakenSlot[]> {
      const rows = rowsOf<{ slot_at: Date | string; post_id: string | null; movable: boolean }>(
        await tx.execute(sql`
          select q.slot_at, q.post_id,
                 coalesce(p.status in ('scheduled', 'awaiting_approval')
                          and not exists (select 1 from post_targets t
                                           where t.post_id = p.id and t.status <> 'pending'), false) as movable
            from queue_slots q left join posts p on p.id = q.post_id
           where q.workspace_id = ${key.workspaceId} and q.platform = ${key.platform}
             and q.account_id = ${key.accountId} and q.slot_at > ${after}
           order by q.slot_at`),
      );
      return rows.map((r) => ({ slotAt: new Date(r.slot_at), postId: r.post_id, movable: r.movable }));
    },
    /** The workspace's schedules that place posts now: with times, not paused. */
    async activeSchedules(workspaceId: WorkspaceId): Promise<ScheduleRow[]> {
      return db
        .select()
        .from(postingSchedules)
        .where(
          and(
            eq(postingSchedules.workspaceId, workspaceId),
            eq(postingSchedules.paused, false),
            sql`jsonb_array_length(${postingSchedules.times}) > 0`,
          ),
        );
    },
    /**
     * What stands in [from, to) on the workspace's accounts, as `platform account instant` keys: a taken or
     * skipped queue slot, or a post already going to that account at that instant (account '': a target
     * with no account chosen, which goes to the network's first).
     */
    async occupied(workspaceId: WorkspaceId, from: Date, to: Date): Promise<Set<string>> {
      const rows = rowsOf<{ platform: string; account_id: string; at: Date | string }>(
        await db.execute(sql`
          select q.platform, q.account_id, q.slot_at as at
            from queue_slots q
           where q.workspace_id = ${workspaceId} and q.slot_at >= ${from} and q.slot_at < ${to}
          union
          select t.platform, coalesce(t.account_id, ''), p.scheduled_at as at
            from posts p join post_targets t on t.post_id = p.id
           where p.workspace_id = ${workspaceId} and p.scheduled_at >= ${from} and p.scheduled_at < ${to}`),
      );
      return new Set(rows.map((r) => `${r.platform} ${r.account_id} ${new Date(r.at).getTime()}`));
    },
    /**
     * The instants (ms) of the queue's slots taken after `after`, and how many hold a post: what "Add to
     * queue" needs, in one row (a queue of thousands decodes as one JSON text, not thousands of rows).
     */
    async takenInstants(
      key: QueueKey,
      after: Date,
      tx: Db = db,
    ): Promise<{ times: number[]; posts: number }> {
      const [row] = rowsOf<{ times: string; posts: number }>(
        await tx.execute(sql`
          select coalesce(json_agg((extract(epoch from q.slot_at) * 1000)::bigint), '[]')::text as times,
                 count(q.post_id)::int as posts
            from queue_slots q
           where q.workspace_id = ${key.workspaceId} and q.platform = ${key.platform}
             and q.account_id = ${key.accountId} and q.slot_at > ${after}`),
      );
      return { times: JSON.parse(row!.times) as number[], posts: row!.posts };
    },
    /** Many posts' slots at once (a bulk import): the caller left held posts' targets unscheduled. */
    async claimMany(tx: Db, slots: (QueueKey & { postId: string; at: Date })[]) {
      if (!slots.length) return;
      await tx.insert(queueSlots).values(
        slots.map(({ at, ...slot }) => ({
          workspaceId: slot.workspaceId,
          platform: slot.platform,
          accountId: slot.accountId,
          postId: slot.postId,
          slotAt: at,
        })),
      );
    },
    async claim(tx: Db, key: QueueKey, postId: string, at: Date, hold: boolean) {
      await tx.insert(queueSlots).values({ ...key, slotAt: at, postId });
      if (hold) await scheduler.unschedule(tx, postId);
    },
    /** Marks a slot skipped (no post). */
    async skip(tx: Db, key: QueueKey, at: Date) {
      await tx
        .insert(queueSlots)
        .values({ ...key, slotAt: at, postId: null })
        .onConflictDoNothing();
    },
    /** Takes back a skipped slot; a slot with a post stays. */
    async unskip(key: QueueKey, at: Date) {
      await db
        .delete(queueSlots)
        .where(and(ofQueue(key), eq(queueSlots.slotAt, at), sql`${queueSlots.postId} is null`));
    },
    /**
     * Puts each post in its slot (they leave the slots they had): the post's time is the slot's, and its
     * pending targets come due then, or are held (`held`: a paused queue, or a post waiting for approval).
     */
    async place(tx: Db, key: QueueKey, placed: { postId: string; at: Date }[], hold: boolean) {
      if (!placed.length) return;
      const ids = placed.map((p) => p.postId);
      const times = placed.map((p) => p.at.toISOString());
      await tx.execute(sql`delete from queue_slots where post_id = any(${sql.param(ids)}::uuid[])`);
      await tx.execute(sql`
        insert into queue_slots (workspace_id, platform, account_id, slot_at, post_id)
        select ${key.workspaceId}, ${key.platform}, ${key.accountId}, x.at, x.post_id
          from unnest(${sql.param(times)}::timestamptz[], ${sql.param(ids)}::uuid[]) as x(at, post_id)`);
      await tx.execute(sql`
        update posts p set scheduled_at = x.at, updated_at = now()
          from unnest(${sql.param(times)}::timestamptz[], ${sql.param(ids)}::uuid[]) as x(at, post_id)
         where p.id = x.post_id`);
      const targets = rowsOf<{ id: string; at: Date | string; status: string }>(
        await tx.execute(sql`
          select t.id, p.scheduled_at as at, p.status from post_targets t join posts p on p.id = t.post_id
           where t.post_id = any(${sql.param(ids)}::uuid[]) and t.status = 'pending'`),
      );
      const due = hold ? [] : targets.filter((t) => t.status === 'scheduled');
      const held = targets.filter((t) => !due.includes(t));
      if (held.length)
        await tx.execute(
          sql`update post_targets set due_at = null where id = any(${sql.param(held.map((t) => t.id))}::uuid[])`,
        );
      await scheduler.scheduleEach(
        tx,
        due.map((t) => ({ targetId: t.id, at: new Date(t.at) })),
      );
    },
    /**
     * Lets go of the post's slot when the post no longer sits in it: moved to another time, to another
     * account, back to draft. A target of the queue's network with no account chosen (null: the network's
     * first) still counts as the queue's.
     */
    async release(workspaceId: WorkspaceId, postId: string) {
      await db.execute(sql`
        delete from queue_slots q using posts p
         where q.post_id = p.id and p.id = ${postId} and q.workspace_id = ${workspaceId}
           and (p.scheduled_at is distinct from q.slot_at
                or p.status not in ('scheduled', 'awaiting_approval')
                or exists (select 1 from post_targets t
                            where t.post_id = p.id
                              and (t.platform <> q.platform or coalesce(t.account_id, q.account_id) <> q.account_id)))`);
    },
  };
}
export type QueueRepo = ReturnType<typeof createQueueRepo>;
