import { eq, sql } from 'drizzle-orm';
import type { AlertKind } from '../../shared/api/alerts.schemas';
import { type Db, rowsOf, transaction } from '../db/client';
import { alertPreferences } from '../db/schema';
import { waitingTargetsDue } from '../publishing/publishing.repo';

/** The column of each kind, for the "is it on" test in SQL (no row: on). */
const COLUMN: Record<AlertKind, string> = {
  targetFailed: 'target_failed',
  needsReconnect: 'needs_reconnect',
  approvals: 'approvals',
  mentions: 'mentions',
  workerMissing: 'worker_missing',
  digest: 'digest',
};
const wants = (kind: AlertKind) => sql.raw(`coalesce(ap.${COLUMN[kind]}, true)`);

export interface FailedTargetRow {
  targetId: string;
  postId: string;
  platform: string;
  error: string | null;
  contentHtml: string;
  /** Who is told: the post's author, or an owner or admin of its workspace (issue 25). */
  userId: string;
  email: string;
  name: string;
  /** Whether the one told wrote the post. */
  own: boolean;
  authorName: string;
  workspaceId: string;
  workspaceName: string;
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
}

export function createAlertsRepo(db: Db) {
  return {
    async preferences(userId: string) {
      const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
      return {
        targetFailed: row?.targetFailed ?? true,
        needsReconnect: row?.needsReconnect ?? true,
        approvals: row?.approvals ?? true,
        mentions: row?.mentions ?? true,
        workerMissing: row?.workerMissing ?? true,
        digest: row?.digest ?? true,
      };
    },
    async savePreferences(userId: string, values: Partial<Record<AlertKind, boolean>>, now: Date) {
      await db
        .insert(alertPreferences)
        .values({ userId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: alertPreferences.userId, set: { ...values, updatedAt: now } });
    },

    /**
     * Targets failed for good, once for each who wants to hear of it (active, not banned): the post's
     * author, and the owners and admins of its workspace, who answer for its accounts.
     */
    async failedTargets(tx: Db, targetIds: string[]): Promise<FailedTargetRow[]> {
      if (!targetIds.length) return [];
      return rowsOf<FailedTargetRow>(
        await tx.execute(sql`
          with failed as (
            select t.id, p.id as post_id, t.platform, t.last_error, p.content_html, p.user_id as author_id,
                   p.workspace_id, p.scheduled_at
              from post_targets t join posts p on p.id = t.post_id
             where t.id = any(${sql.param(targetIds)}::uuid[]) and t.status = 'failed'),
          told as (
            select f.*, f.author_id as user_id from failed f
            union
            select f.*, m.user_id from failed f
              join workspace_members m on m.workspace_id = f.workspace_id and m.role in ('owner', 'admin'))
          select r.id as "targetId", r.post_id as "postId", r.platform, r.last_error as error,
                 r.content_html as "contentHtml", u.id as "userId", u.email, u.name,
                 r.user_id = r.author_id as own, a.name as "authorName",
                 r.workspace_id as "workspaceId", w.name as "workspaceName"
            from told r join users u on u.id = r.user_id join users a on a.id = r.author_id
            join workspaces w on w.id = r.workspace_id
            left join alert_preferences ap on ap.user_id = u.id
           where ${wants('targetFailed')} and u.banned is not true
           order by u.id, r.workspace_id, r.scheduled_at, r.platform, r.id`),
      );
    },

    /** The owner of a connection, if they want to hear that it needs reconnecting. */
    async connectionOwner(tx: Db, userId: string): Promise<Recipient | undefined> {
      return rowsOf<Recipient>(
        await tx.execute(sql`select u.id, u.email, u.name from users u
          left join alert_preferences ap on ap.user_id = u.id
         where u.id = ${userId} and ${wants('needsReconnect')} and u.banned is not true`),
      )[0];
    },

    /** Administrators (admin, super_admin) who want alerts of `kind`. */
    async admins(tx: Db, kind: AlertKind): Promise<Recipient[]> {
      return rowsOf<Recipient>(
        await tx.execute(sql`select u.id, u.email, u.name from users u
          left join alert_preferences ap on ap.user_id = u.id
         where u.role in ('admin', 'super_admin') and u.banned is not true and ${wants(kind)}
         order by u.email`),
      );
    },

    /** When a worker was last seen, and how many targets are due and waiting for one. */
    async workerState(now: Date) {
      const [row] = rowsOf<{ seen: string | Date | null; due: unknown }>(
        await db.execute(sql`select (select max(seen_at) from worker_heartbeats) as seen,
          (select count(*) from (${waitingTargetsDue(now, { orAt: true })}) w) as due`),
      );
      return { seenAt: row?.seen ? new Date(row.seen) : null, due: Number(row?.due ?? 0) };
    },

    /** Opens a mark (an incident) in `tx`; true if this call opened it, false if it was open already. */
    async open(tx: Db, key: string, now: Date) {
      const rows = rowsOf(
        await tx.execute(sql`insert into alert_marks (key, at) values (${key}, ${now})
          on conflict (key) do nothing returning key`),
      );
      return rows.length > 0;
    },
    async close(key: string) {
      await db.execute(sql`delete from alert_marks where key = ${key}`);
    },
    /**
     * Moves mark `key` to `now` if it is older than `before` (or makes it, at `now`, without counting as
     * due: the first period starts then). Returns the previous time when this call moved it: the one
     * process that wins does the work.
     */
    async claimPeriod(tx: Db, key: string, now: Date, before: Date): Promise<Date | null> {
      const made = rowsOf(
        await tx.execute(sql`insert into alert_marks (key, at) values (${key}, ${now})
          on conflict (key) do nothing returning key`),
      );
      if (made.length) return null;
      const [row] = rowsOf<{ previous: string | Date }>(
        await tx.execute(sql`update alert_marks m set at = ${now}
          from (select key, at as previous from alert_marks where key = ${key} for update) old
         where m.key = old.key and m.at < ${before} returning old.previous`),
      );
      return row ? new Date(row.previous) : null;
    },

    /** What went wrong since `since` (read in `tx`: on PGlite another statement would wait for it): targets failed for good by network, accounts to reconnect. */
    async digest(tx: Db, since: Date, now: Date) {
      const failed = rowsOf<{ platform: string; count: unknown }>(
        await tx.execute(sql`select platform, count(*) as count from post_targets
          where status = 'failed' and updated_at > ${since} and updated_at <= ${now}
          group by platform order by platform`),
      ).map((r) => ({ platform: r.platform, count: Number(r.count) }));
      const reconnect = rowsOf<{ platform: string; username: string; email: string }>(
        await tx.execute(sql`select c.platform, c.username, u.email from social_connections c
            join users u on u.id = c.user_id
          where c.status = 'needs_reconnect' order by u.email, c.platform`),
      );
      return { failed, reconnect };
    },

    /** Runs `fn` in one transaction: an alert's mark and its mails commit together or not at all. */
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      return transaction(db, fn);
    },
  };
}
export type AlertsRepo = ReturnType<typeof createAlertsRepo>;
