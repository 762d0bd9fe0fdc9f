import { type SQL, sql } from 'drizzle-orm';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import type { AnalyticsSort } from '../../shared/api/analytics.schemas';
import type { Db } from '../db/client';

/** [start, end) instants: the reader's days turned into time. */
export interface Span {
  start: Date;
  end: Date;
}

type Count = string | number | null;
const count = (value: Count) => (value === null ? null : Number(value));
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export interface FigureRow {
  likes: number | null;
  shares: number | null;
  comments: number | null;
  reach: number | null;
  impressions: number | null;
}

/**
 * The workspace's published targets of the span with their latest figures: one row per target in
 * `target_latest_metrics` (written with each reading), read through its (workspace, published_at) index.
 */
const PUBLISHED_IN = (workspaceId: WorkspaceId, span: Span) => sql`
      from target_latest_metrics r
     where r.workspace_id = ${workspaceId} and r.published_at >= ${span.start} and r.published_at < ${span.end}`;

/** A sort of the posts table as SQL: only these fixed fragments, never the request's text. */
const SORTS: Record<AnalyticsSort, SQL> = {
  publishedAt: sql`r.published_at`,
  platform: sql`r.platform`,
  likes: sql`r.likes`,
  shares: sql`r.shares`,
  comments: sql`r.comments`,
  reach: sql`r.reach`,
  impressions: sql`r.impressions`,
};

/** The read side of analytics; every statement is filtered by the workspace's id. */
export function createAnalyticsRepo(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    async timeZoneOf(userId: string): Promise<string | null> {
      const [row] = await rows<{ timezone: string | null }>(
        sql`select timezone from users where id = ${userId}`,
      );
      return row?.timezone ?? null;
    },

    /**
     * Per network: posts published in the span and the sums of their latest readings. `sum` skips nulls
     * and is null when every value is: a network that never gives reach shows "unknown", not 0.
     */
    async summary(workspaceId: WorkspaceId, span: Span) {
      const result = await rows<{
        platform: string;
        posts: number;
        likes: Count;
        shares: Count;
        comments: Count;
        reach: Count;
        impressions: Count;
        last_read_at: string | Date | null;
      }>(sql`
        select r.platform, count(*)::int as posts, sum(r.likes) as likes, sum(r.shares) as shares,
               sum(r.comments) as comments, sum(r.reach) as reach, sum(r.impressions) as impressions,
               max(r.collected_at) as last_read_at
        ${PUBLISHED_IN(workspaceId, span)}
        group by r.platform`);
      return result.map((row) => ({
        platform: row.platform,
        posts: row.posts,
        likes: count(row.likes),
        shares: count(row.shares),
        comments: count(row.comments),
        reach: count(row.reach),
        impressions: count(row.impressions),
        lastReadAt: iso(row.last_read_at),
      }));
    },

    /** Per target: its latest figures, and its latest slot of any outcome (to say where reading stands). */
    async posts(
      workspaceId: WorkspaceId,
      span: Span,
      query: { sort: AnalyticsSort; order: 'asc' | 'desc'; platform?: string; limit: number; offset: number },
    ) {
      const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
      const result = await rows<{
        post_id: string;
        platform: string;
        content_html: string;
        published_at: string | Date;
        remote_url: string | null;
        likes: Count;
        shares: Count;
        comments: Count;
        reach: Count;
        impressions: Count;
        collected_at: string | Date | null;
        last_outcome: 'read' | 'paused' | 'failed' | null;
        last_code: string | null;
        last_slot: number | null;
        total: Count;
      }>(sql`
        select t.post_id, r.platform, p.content_html, r.published_at, t.remote_url,
               r.likes, r.shares, r.comments, r.reach, r.impressions, r.collected_at,
               l.outcome as last_outcome, l.error_code as last_code, l.slot as last_slot,
               count(*) over () as total
          from target_latest_metrics r
          join post_targets t on t.id = r.target_id
          join posts p on p.id = t.post_id
          left join lateral (
            select m.outcome, m.error_code, m.slot from target_metrics m
             where m.target_id = r.target_id order by m.slot desc limit 1) l on true
         where r.workspace_id = ${workspaceId} and r.published_at >= ${span.start} and r.published_at < ${span.end}
         ${query.platform ? sql`and r.platform = ${query.platform}` : sql``}
       order by ${SORTS[query.sort]} ${direction} nulls last, r.published_at desc, r.target_id
       limit ${query.limit} offset ${query.offset}`);
      return {
        total: result.length ? Number(result[0]!.total) : 0,
        items: result.map((row) => ({
          postId: row.post_id,
          platform: row.platform,
          contentHtml: row.content_html,
          publishedAt: iso(row.published_at)!,
          remoteUrl: row.remote_url,
          likes: count(row.likes),
          shares: count(row.shares),
          comments: count(row.comments),
          reach: count(row.reach),
          impressions: count(row.impressions),
          lastReadAt: iso(row.collected_at),
          lastOutcome: row.last_outcome,
          lastCode: row.last_code,
          lastSlot: row.last_slot,
        })),
      };
    },

    /**
     * Engagement gained per day in `timeZone`: each reading minus the one before it of the same target
     * (the first counts whole), summed by the day it was taken. The window sees readings before the span
     * too, so a span's first day gains only what that day added.
     */
    async timeline(workspaceId: WorkspaceId, span: Span, timeZone: string) {
      const result = await rows<{
        day: string;
        likes: Count;
        shares: Count;
        comments: Count;
        readings: number;
      }>(sql`
        with r as (
          select m.collected_at,
                 m.likes - coalesce(lag(m.likes) over w, 0) as likes,
                 m.shares - coalesce(lag(m.shares) over w, 0) as shares,
                 m.comments - coalesce(lag(m.comments) over w, 0) as comments
            from target_metrics m
           where m.workspace_id = ${workspaceId} and m.outcome = 'read' and m.collected_at < ${span.end}
          window w as (partition by m.target_id order by m.slot)
        )
        select to_char(r.collected_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               sum(r.likes) as likes, sum(r.shares) as shares, sum(r.comments) as comments,
               count(*)::int as readings
          from r where r.collected_at >= ${span.start}
         group by 1 order by 1`);
      return result.map((row) => ({
        day: row.day,
        likes: count(row.likes),
        shares: count(row.shares),
        comments: count(row.comments),
        readings: row.readings,
      }));
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
