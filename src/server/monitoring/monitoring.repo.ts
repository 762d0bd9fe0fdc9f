import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import type { QueueStat } from './app-metrics';

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Heartbeats of worker processes, and what the queue looks like, for health, metrics and alerts. */
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

    /** When a worker was last seen (null: never), and the oldest due job's wait in seconds (0: none). */
    async health(now: Date): Promise<{ workerSeenAt: Date | null; lagSeconds: number }> {
      const [row] = rowsOf<{ seen: string | Date | null; lag: unknown }>(
        await db.execute(sql`select
          (select max(seen_at) from worker_heartbeats) as seen,
          (select coalesce(extract(epoch from ${now}::timestamptz - min(start_after)), 0)
             from pgboss.job where state < 'active' and start_after <= ${now}) as lag`),
      );
      return {
        workerSeenAt: row?.seen ? new Date(row.seen) : null,
        lagSeconds: Math.max(0, Math.round(num(row?.lag) ?? 0)),
      };
    },

    /** Per queue: due jobs not started, running jobs, and how long the oldest due one has waited. */
    async queueStats(now: Date): Promise<QueueStat[]> {
      const rows = rowsOf<{ name: string; due: unknown; active: unknown; lag: unknown }>(
        await db.execute(sql`select q.name,
            count(*) filter (where j.state < 'active' and j.start_after <= ${now}) as due,
            count(*) filter (where j.state = 'active') as active,
            coalesce(extract(epoch from ${now}::timestamptz - min(j.start_after)
              filter (where j.state < 'active' and j.start_after <= ${now})), 0) as lag
          from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state <= 'active'
          group by q.name order by q.name`),
      );
      return rows.map((r) => ({
        queue: r.name,
        due: num(r.due) ?? 0,
        active: num(r.active) ?? 0,
        lagSeconds: Math.max(0, num(r.lag) ?? 0),
      }));
    },
  };
}
export type MonitoringRepo = ReturnType<typeof createMonitoringRepo>;
