import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';
import type { Insights, Recommendation } from '../../shared/api/ai.schemas';
import type { Platform } from '../../shared/platforms/rules';
import type { Db } from '../db/client';
import { aiInsights, posts, recurringPosts, users } from '../db/schema';

/** One published target of the caller's with its latest successful reading of likes, shares, comments. */
export interface MetricRow {
  targetId: string;
  postId: string;
  platform: Platform;
  publishedAt: Date;
  contentHtml: string;
  likes: number;
  shares: number;
  comments: number;
}

export interface MetricScope {
  /** One post (its targets only). */
  postId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  platforms?: readonly Platform[];
  /** At most this many targets, the most recently published first. */
  limit: number;
}

type InsightRow = typeof aiInsights.$inferSelect;

export const toInsights = (row: InsightRow): Insights => ({
  tone: row.tone,
  score: row.score,
  recommendations: row.recommendations as Recommendation[],
  hashtags: row.hashtags,
  analysed: row.analysed,
  source: row.source,
  generatedAt: row.createdAt.toISOString(),
});

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Every query names the workspace: nothing here can read another workspace's rows. */
export function createAiRepo(db: Db) {
  return {
    async ownsPost(workspaceId: WorkspaceId, postId: string) {
      const rows = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
      return rows.length === 1;
    },
    async ownsRecurring(workspaceId: WorkspaceId, id: string) {
      const rows = await db
        .select({ id: recurringPosts.id })
        .from(recurringPosts)
        .where(and(eq(recurringPosts.id, id), eq(recurringPosts.workspaceId, workspaceId)));
      return rows.length === 1;
    },
    /** One of the workspace's posts with its networks, or null. */
    async postOf(workspaceId: WorkspaceId, postId: string) {
      const result = (await db.execute(sql`
        select p.content_html, coalesce(json_agg(t.platform) filter (where t.platform is not null), '[]')::text as platforms
          from posts p left join post_targets t on t.post_id = p.id
         where p.id = ${postId} and p.workspace_id = ${workspaceId}
         group by p.id`)) as unknown as { rows: { content_html: string; platforms: string }[] };
      const row = result.rows[0];
      return row
        ? { contentHtml: row.content_html, platforms: JSON.parse(row.platforms) as Platform[] }
        : null;
    },
    async zoneOf(userId: string): Promise<string | null> {
      const rows = await db.select({ zone: users.timezone }).from(users).where(eq(users.id, userId));
      return rows[0]?.zone ?? null;
    },
    async save(
      { workspaceId, userId }: Scope,
      insights: Insights,
      links: { postId?: string; recurringPostId?: string },
    ): Promise<Insights> {
      const [row] = await db
        .insert(aiInsights)
        .values({
          workspaceId,
          userId,
          postId: links.postId ?? null,
          recurringPostId: links.recurringPostId ?? null,
          tone: insights.tone,
          score: insights.score,
          analysed: insights.analysed,
          recommendations: insights.recommendations,
          hashtags: insights.hashtags,
          source: insights.source,
          createdAt: new Date(insights.generatedAt),
        })
        .returning();
      return toInsights(row!);
    },
    /** The newest insights of each of the workspace's recurring posts in `ids`. */
    async latestForRecurring(workspaceId: WorkspaceId, ids: string[]): Promise<Map<string, Insights>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectDistinctOn([aiInsights.recurringPostId])
        .from(aiInsights)
        .where(and(eq(aiInsights.workspaceId, workspaceId), inArray(aiInsights.recurringPostId, ids)))
        .orderBy(aiInsights.recurringPostId, desc(aiInsights.createdAt), desc(aiInsights.id));
      return new Map(rows.map((row) => [row.recurringPostId!, toInsights(row)]));
    },
    /** The newest insights stored for one of the workspace's posts, or null. */
    async latestForPost(workspaceId: WorkspaceId, postId: string): Promise<Insights | null> {
      const [row] = await db
        .select()
        .from(aiInsights)
        .where(and(eq(aiInsights.workspaceId, workspaceId), eq(aiInsights.postId, postId)))
        .orderBy(desc(aiInsights.createdAt), desc(aiInsights.id))
        .limit(1);
      return row ? toInsights(row) : null;
    },
    /**
     * The workspace's published targets in scope, each with its latest reading that succeeded (targets
     * without one are left out: no figure is ever guessed).
     */
    async metrics(workspaceId: WorkspaceId, scope: MetricScope): Promise<MetricRow[]> {
      const conditions = [
        sql`p.workspace_id = ${workspaceId}`,
        sql`t.status = 'published'`,
        sql`t.published_at is not null`,
      ];
      if (scope.postId) conditions.push(sql`p.id = ${scope.postId}`);
      if (scope.from) conditions.push(sql`t.published_at >= ${scope.from.toISOString()}`);
      if (scope.to) conditions.push(sql`t.published_at < ${scope.to.toISOString()}`);
      if (scope.platforms?.length)
        conditions.push(
          sql`t.platform in (${sql.join(
            scope.platforms.map((p) => sql`${p}`),
            sql`, `,
          )})`,
        );
      const result = (await db.execute(sql`
        select t.id as target_id, p.id as post_id, t.platform, t.published_at, p.content_html,
               m.likes, m.shares, m.comments
          from post_targets t
          join posts p on p.id = t.post_id
          join lateral (
            select coalesce(tm.likes, 0) as likes, coalesce(tm.shares, 0) as shares,
                   coalesce(tm.comments, 0) as comments
              from target_metrics tm
             where tm.target_id = t.id and tm.workspace_id = ${workspaceId} and tm.outcome = 'read'
               and (tm.likes is not null or tm.shares is not null or tm.comments is not null)
             order by tm.collected_at desc, tm.slot desc
             limit 1
          ) m on true
         where ${sql.join(conditions, sql` and `)}
         order by t.published_at desc
         limit ${scope.limit}`)) as unknown as {
        rows: {
          target_id: string;
          post_id: string;
          platform: Platform;
          published_at: Date | string;
          content_html: string;
          likes: number | string;
          shares: number | string;
          comments: number | string;
        }[];
      };
      return result.rows.map((row) => ({
        targetId: row.target_id,
        postId: row.post_id,
        platform: row.platform,
        publishedAt: instant(row.published_at),
        contentHtml: row.content_html,
        likes: Number(row.likes),
        shares: Number(row.shares),
        comments: Number(row.comments),
      }));
    },
  };
}
export type AiRepo = ReturnType<typeof createAiRepo>;
