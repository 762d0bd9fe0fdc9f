import { type SQL, sql } from 'drizzle-orm';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type Db, rowsOf } from '../db/client';
import type { posts, postTargets } from '../db/schema';

type PostStatus = (typeof posts.$inferSelect)['status'];
type TargetStatus = (typeof postTargets.$inferSelect)['status'];

/** A post of one of the dashboard's lists, with the moment the list is about and its targets. */
export interface DashboardRow {
  id: string;
  status: PostStatus;
  scheduledAt: Date | null;
  at: Date;
  contentHtml: string;
  targets: {
    platform: string;
    accountId: string | null;
    status: TargetStatus;
    remoteUrl: string | null;
    publishedAt: Date | null;
    nextAttemptAt: Date | null;
    lastError: string | null;
    lastErrorCode: string | null;
  }[];
}

export interface DashboardList {
  rows: DashboardRow[];
  total: number;
}

type TargetTuple = [
  string,
  TargetStatus,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
];
const instant = (value: string | null) => (value ? new Date(value) : null);

/**
 * What the signed-in user's start page lists, read in one statement per list. Every statement names the
 * owner; the total is counted over the whole list before it is cut to `limit`.
 */
export function createDashboardRepo(db: Db) {
  /** The user's posts matching `where`, ordered by `at`, at most `limit`, with the number in all. */
  const list = async (where: SQL, at: SQL, direction: SQL, limit: number): Promise<DashboardList> => {
    const result = (await db.execute(sql`
      select p.id, p.status, p.scheduled_at, p.content_html, ${at} as list_at,
             (select coalesce(json_agg(json_build_array(t.platform, t.status, t.remote_url, t.published_at,
                                                        t.next_attempt_at, t.last_error, t.last_error_code,
                                                        t.account_id)
                                       order by t.platform, t.account_id), '[]')::text
                from post_targets t where t.post_id = p.id) as targets,
             count(*) over ()::int as total
        from posts p
       where ${where}
       order by list_at ${direction}, p.id ${direction}
       limit ${limit}`)) as unknown as {
      rows: {
        id: string;
        status: PostStatus;
        scheduled_at: Date | string | null;
        content_html: string;
        list_at: Date | string;
        targets: string;
        total: number;
      }[];
    };
    return {
      total: Number(result.rows[0]?.total ?? 0),
      rows: result.rows.map((row) => ({
        id: row.id,
        status: row.status,
        scheduledAt: row.scheduled_at === null ? null : new Date(row.scheduled_at),
        at: new Date(row.list_at),
        contentHtml: row.content_html,
        targets: (JSON.parse(row.targets) as TargetTuple[]).map(
          ([
            platform,
            status,
            remoteUrl,
            publishedAt,
            nextAttemptAt,
            lastError,
            lastErrorCode,
            accountId,
          ]) => ({
            platform,
            accountId,
            status,
            remoteUrl,
            publishedAt: instant(publishedAt),
            nextAttemptAt: instant(nextAttemptAt),
            lastError,
            lastErrorCode,
          }),
        ),
      })),
    };
  };

  return {
    /**
     * Due before `until` and not out yet: scheduled, or being published (a network retrying). One whose
     * time has passed while it waits stays here until it is out: it is still to come.
     */
    upcoming(workspaceId: WorkspaceId, until: Date, limit: number) {
      return list(
        sql`p.workspace_id = ${workspaceId} and p.status in ('scheduled', 'publishing') and p.scheduled_at < ${until}`,
        sql`p.scheduled_at`,
        sql`asc`,
        limit,
      );
    },
    /** Waiting for approval, all of the workspace's or `author`'s own: soonest first, "at once" before all. */
    awaiting(workspaceId: WorkspaceId, author: string | null, limit: number) {
      return list(
        sql`p.workspace_id = ${workspaceId} and p.status = 'awaiting_approval'
            and (${author}::text is null or p.user_id = ${author})`,
        sql`coalesce(p.scheduled_at, '-infinity'::timestamptz)`,
        sql`asc`,
        limit,
      );
    },
    /** How many recurring posts wait for their approval: all of the workspace's, or `author`'s own. */
    async awaitingRecurring(workspaceId: WorkspaceId, author: string | null) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from recurring_posts r
           where r.workspace_id = ${workspaceId} and r.approval_status = 'awaiting_approval'
             and (${author}::text is null or r.user_id = ${author})`),
      );
      return row?.n ?? 0;
    },
    /** Out on every network, or on some: the last publish first (a finished post changes no more). */
    recent(workspaceId: WorkspaceId, limit: number) {
      return list(
        sql`p.workspace_id = ${workspaceId} and p.status in ('published', 'partially_failed')`,
        sql`coalesce((select max(t.published_at) from post_targets t where t.post_id = p.id), p.updated_at)`,
        sql`desc`,
        limit,
      );
    },
    /** Posts with a network that failed, whatever the others did: the latest failure first. */
    failures(workspaceId: WorkspaceId, limit: number) {
      return list(
        sql`p.workspace_id = ${workspaceId} and exists (select 1 from post_targets t
                                               where t.post_id = p.id and t.status = 'failed')`,
        sql`(select max(t.updated_at) from post_targets t where t.post_id = p.id and t.status = 'failed')`,
        sql`desc`,
        limit,
      );
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
