import { sql } from 'drizzle-orm';
import type { MetricsReading } from '../platforms/contract';
import { type Db, transaction } from '../db/client';
import { asWorkspaceId, type WorkspaceId } from '../workspaces/workspaces.repo';
import type { MetricsScheduler, ReadingToQueue } from './collect-metrics.job';

/** A published target as a metric read needs it, with its owner's standing and whether the slot is done. */
export interface TargetToRead {
  targetId: string;
  /** The post's author, whose standing decides whether figures are read. */
  userId: string;
  workspaceId: WorkspaceId;
  platform: string;
  /** The network's id of the account that published it (or was chosen for it); null: the network's first. */
  accountId: string | null;
  remoteId: string | null;
  remoteUrl: string | null;
  publishedAt: Date;
  /** The owner may not use the app now (trial ended, banned): nothing is read for them. */
  ownerInactive: boolean;
  /** This slot already has its row (the job ran before). */
  slotDone: boolean;
}

/** What one slot's reading came to. */
export type SlotOutcome =
  { outcome: 'read'; figures: MetricsReading } | { outcome: 'paused' | 'failed'; code: string };

/** The collection side's SQL: what a reading needs, and storing it together with the next one's job. */
export function createMetricsRepo(db: Db, scheduler: MetricsScheduler) {
  return {
    async target(targetId: string, slot: number, now: Date): Promise<TargetToRead | null> {
      const { rows } = (await db.execute(sql`
        select t.id, p.user_id, p.workspace_id, t.platform, t.remote_id, t.remote_url, t.published_at,
               coalesce((select c.account_id from social_connections c where c.id = t.connection_id),
                        t.account_id) as account_id,
               (coalesce(u.banned, false) or (u.trial_ends_at is not null and u.trial_ends_at <= ${now})) as inactive,
               exists (select 1 from target_metrics m where m.target_id = t.id and m.slot = ${slot}) as done
          from post_targets t
          join posts p on p.id = t.post_id
          join users u on u.id = p.user_id
         where t.id = ${targetId} and t.status = 'published' and t.published_at is not null`)) as unknown as {
        rows: {
          id: string;
          user_id: string;
          workspace_id: string;
          platform: string;
          remote_id: string | null;
          remote_url: string | null;
          published_at: string | Date;
          account_id: string | null;
          inactive: boolean;
          done: boolean;
        }[];
      };
      const row = rows[0];
      return row
        ? {
            targetId: row.id,
            userId: row.user_id,
            workspaceId: asWorkspaceId(row.workspace_id),
            platform: row.platform,
            accountId: row.account_id,
            remoteId: row.remote_id,
            remoteUrl: row.remote_url,
            publishedAt: new Date(row.published_at),
            ownerInactive: row.inactive,
            slotDone: row.done,
          }
        : null;
    },

    /**
     * Stores a slot's reading and queues the next one in one transaction: either both happen or neither,
     * and a slot stored twice (the unique (target, slot) index) is stored once.
     */
    async record(
      target: Pick<TargetToRead, 'targetId' | 'userId' | 'workspaceId' | 'platform'>,
      slot: number,
      result: SlotOutcome | null,
      next: ReadingToQueue | null,
      now: Date,
    ) {
      const f = result?.outcome === 'read' ? result.figures : null;
      await transaction(db, async (tx) => {
        if (result) {
          await tx.execute(sql`
            insert into target_metrics (target_id, user_id, workspace_id, platform, slot, collected_at, outcome,
                                        error_code, likes, shares, comments, reach, impressions)
            values (${target.targetId}, ${target.userId}, ${target.workspaceId}, ${target.platform}, ${slot}, ${now}, ${result.outcome},
                    ${result.outcome === 'read' ? null : result.code},
                    ${f?.likes ?? null}, ${f?.shares ?? null}, ${f?.comments ?? null}, ${f?.reach ?? null},
                    ${f?.impressions ?? null})
            on conflict (target_id, slot) do nothing`);
        }
        // The target's latest figures move forward with a newer reading only (a late retry of an older
        // slot must not take them back).
        if (f)
          await tx.execute(sql`
            update target_latest_metrics
               set slot = ${slot}, collected_at = ${now}, likes = ${f.likes}, shares = ${f.shares},
                   comments = ${f.comments}, reach = ${f.reach}, impressions = ${f.impressions}
             where target_id = ${target.targetId} and (slot is null or slot < ${slot})`);
        if (next) await scheduler.queue(tx, [next]);
      });
    },

    /**
     * In the transaction that records targets published: their row of latest figures (none read yet),
     * so the summary counts them from the start, and their first reading's job.
     */
    async published(tx: Db, targetIds: string[], at: Date) {
      await tx.execute(sql`
        insert into target_latest_metrics (target_id, user_id, workspace_id, platform, published_at)
        select t.id, p.user_id, p.workspace_id, t.platform, t.published_at
          from post_targets t join posts p on p.id = t.post_id
         where t.id = any(${sql.param(targetIds)}::uuid[]) and t.published_at is not null
        on conflict (target_id) do nothing`);
      await scheduler.queue(
        tx,
        targetIds.map((targetId) => ({ targetId, slot: 0, at })),
      );
    },
  };
}
export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
