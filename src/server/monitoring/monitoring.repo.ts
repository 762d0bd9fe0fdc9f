import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';

/** Heartbeats of worker processes, for health, metrics and alerts. */
export function createMonitoringRepo(db: Db) {
  return {
    /** Records that worker `id` is alive at `now`; drops rows of workers gone for a day. */
    async beat(id: string, role: string, now: Date) {
      await db.execute(sql`insert into worker_heartbeats (id, role, started_at, seen_at)
        values (${id}, ${role}, ${now}, ${now})
        on conflict (id) do update set seen_at = excluded.seen_at`);
      await db.execute(
        sql`delete from worker_heartbeats where seen_at < ${new Date(now.getTime() - 86_400_000)}`,
      );
    },

    /** When a worker was last seen (null: never). */
    async workerSeenAt(): Promise<Date | null> {
      const [row] = rowsOf<{ seen: string | Date | null }>(
        await db.execute(sql`select max(seen_at) as seen from worker_heartbeats`),
      );
      return row?.seen ? new Date(row.seen) : null;
    },
  };
}
export type MonitoringRepo = ReturnType<typeof createMonitoringRepo>;
