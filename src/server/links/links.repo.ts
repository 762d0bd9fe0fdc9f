import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { linkClicks, linkSettings, posts, shortLinks } from '../db/schema';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type LinkSettingsRow = typeof linkSettings.$inferSelect;
export type ShortLinkRow = typeof shortLinks.$inferSelect;
/** A short link with its clicks (people) and bots, all time. */
export type ShortLinkListRow = ShortLinkRow & { clicks: number; bots: number; postText: string };
/** Clicks added since the last write, by link and day. */
export type ClickCounts = Map<string, { linkId: string; day: string; clicks: number; bots: number }>;

export function createLinksRepo(db: Db) {
  return {
    async settings(workspaceId: string) {
      const [row] = await db.select().from(linkSettings).where(eq(linkSettings.workspaceId, workspaceId));
      return row;
    },
    async saveSettings(values: typeof linkSettings.$inferInsert) {
      const { shorten, utm, utmMedium, utmCampaign } = values;
      const [row] = await db
        .insert(linkSettings)
        .values(values)
        .onConflictDoUpdate({
          target: linkSettings.workspaceId,
          set: { shorten, utm, utmMedium, utmCampaign, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },
    /**
     * The post's link for this network and address, made with `code` and `url` unless it exists: a retry of
     * the publish gets the same link, so the network receives the same text.
     */
    async linkFor(values: typeof shortLinks.$inferInsert): Promise<ShortLinkRow> {
      const [made] = await db.insert(shortLinks).values(values).onConflictDoNothing().returning();
      if (made) return made;
      const [had] = await db
        .select()
        .from(shortLinks)
        .where(
          and(
            eq(shortLinks.postId, values.postId),
            eq(shortLinks.platform, values.platform),
            eq(shortLinks.original, values.original),
          ),
        );
      // A code drawn twice (one chance in 2^59) is told apart from a link that exists: the caller draws again.
      if (!had) throw new CodeTaken();
      return had;
    },
    /** Where a code leads, for the redirect (a disabled link, or one whose post is gone, leads nowhere). */
    async byCode(code: string) {
      const [row] = await db
        .select({ id: shortLinks.id, url: shortLinks.url, disabled: shortLinks.disabled })
        .from(shortLinks)
        .where(eq(shortLinks.code, code));
      return row;
    },
    /** Adds counted clicks to the day rows, in one statement. */
    async addClicks(counts: ClickCounts) {
      const rows = [...counts.values()];
      if (!rows.length) return;
      await db
        .insert(linkClicks)
        .values(rows)
        .onConflictDoUpdate({
          target: [linkClicks.linkId, linkClicks.day],
          set: {
            clicks: sql`${linkClicks.clicks} + excluded.clicks`,
            bots: sql`${linkClicks.bots} + excluded.bots`,
          },
        });
    },
    /** The workspace's links, newest first, with their counts; `postId` narrows to one post's, `id` to one. */
    async list(
      workspaceId: WorkspaceId,
      { postId, id, limit, offset }: { postId?: string; id?: string; limit: number; offset: number },
    ): Promise<{ rows: ShortLinkListRow[]; total: number }> {
      const where = and(
        eq(shortLinks.workspaceId, workspaceId),
        postId ? eq(shortLinks.postId, postId) : undefined,
        id ? eq(shortLinks.id, id) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            link: shortLinks,
            postText: posts.contentHtml,
            clicks: sql<number>`coalesce((select sum(c.clicks)::int from ${linkClicks} c where c.link_id = ${shortLinks.id}), 0)`,
            bots: sql<number>`coalesce((select sum(c.bots)::int from ${linkClicks} c where c.link_id = ${shortLinks.id}), 0)`,
          })
          .from(shortLinks)
          .innerJoin(posts, eq(posts.id, shortLinks.postId))
          .where(where)
          .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(shortLinks)
          .where(where),
      ]);
      return {
        rows: rows.map(({ link, postText, clicks, bots }) => ({ ...link, postText, clicks, bots })),
        total: count?.n ?? 0,
      };
    },
    async setDisabled(workspaceId: WorkspaceId, id: string, disabled: boolean) {
      const [row] = await db
        .update(shortLinks)
        .set({ disabled })
        .where(and(eq(shortLinks.id, id), eq(shortLinks.workspaceId, workspaceId)))
        .returning();
      return row;
    },
    /** Clicks (people, bots) per post and network, for the posts given. */
    async clicksByPost(workspaceId: string, postIds: string[]) {
      if (!postIds.length) return [];
      return rowsOf<{ post_id: string; platform: string; clicks: number; bots: number }>(
        await db.execute(sql`
          select l.post_id, l.platform, coalesce(sum(c.clicks), 0)::int as clicks, coalesce(sum(c.bots), 0)::int as bots
            from ${shortLinks} l left join ${linkClicks} c on c.link_id = l.id
           where l.workspace_id = ${workspaceId} and l.post_id = any(${sql.param(postIds)}::uuid[])
           group by l.post_id, l.platform`),
      );
    },
  };
}
export type LinksRepo = ReturnType<typeof createLinksRepo>;

/** The code drawn is another link's. */
export class CodeTaken extends Error {}
