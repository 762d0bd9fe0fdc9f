import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { RECENT_LIMIT } from '../../shared/hashtags';
import { type Db, rowsOf, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { customHashtags, recentHashtags } from '../db/schema';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';

export function createHashtagsRepo(db: Db) {
  return {
    /** The workspace's own tags. */
    custom(workspaceId: WorkspaceId) {
      return db
        .select({ category: customHashtags.category, tag: customHashtags.tag })
        .from(customHashtags)
        .where(eq(customHashtags.workspaceId, workspaceId))
        .orderBy(customHashtags.tag);
    },
    /** Adds the tag to the category unless the workspace already has `max` tags; one already there is kept. */
    async addCustom({ workspaceId, userId }: Scope, category: string, tag: string, max: number) {
      return transaction(db, async (tx): Promise<'added' | 'kept' | 'full'> => {
        await lockOwnerRows(tx, 'custom_hashtags', workspaceId);
        const mine = eq(customHashtags.workspaceId, workspaceId);
        const [there] = await tx
          .select({ tag: customHashtags.tag })
          .from(customHashtags)
          .where(and(mine, eq(customHashtags.category, category), eq(customHashtags.tag, tag)));
        if (there) return 'kept';
        const [held] = await tx.select({ n: count() }).from(customHashtags).where(mine);
        if ((held?.n ?? 0) >= max) return 'full';
        await tx.insert(customHashtags).values({ workspaceId, userId, category, tag });
        return 'added';
      });
    },
    async removeCustom(workspaceId: WorkspaceId, category: string, tag: string) {
      const rows = await db
        .delete(customHashtags)
        .where(
          and(
            eq(customHashtags.workspaceId, workspaceId),
            eq(customHashtags.category, category),
            eq(customHashtags.tag, tag),
          ),
        )
        .returning({ tag: customHashtags.tag });
      return rows.length === 1;
    },
    /**
     * The hashtags of the workspace's best-performing published posts (likes, shares and comments from
     * the stored figures), best first: the tags of its 500 latest published targets with figures.
     */
    async popular(workspaceId: WorkspaceId, limit: number) {
      const rows = rowsOf<{ tag: string }>(
        await db.execute(sql`
          with best as (
            select p.content_html,
                   coalesce(m.likes, 0) + coalesce(m.shares, 0) + coalesce(m.comments, 0) as score
              from target_latest_metrics m
              join post_targets t on t.id = m.target_id
              join posts p on p.id = t.post_id
             where m.workspace_id = ${workspaceId}
             order by m.published_at desc
             limit 500)
          select lower(x.tag[1]) as tag
            from best, regexp_matches(best.content_html, '(?<![&[:alnum:]])#([[:alpha:]_][[:alnum:]_]{0,99})', 'g') as x(tag)
           group by lower(x.tag[1])
           order by sum(best.score) desc, count(*) desc, lower(x.tag[1])
           limit ${limit}`),
      );
      return rows.map((r) => r.tag);
    },
    /** The tags the user used last: their own, in whichever workspace. */
    async recent(userId: string) {
      const rows = await db
        .select({ tag: recentHashtags.tag })
        .from(recentHashtags)
        .where(eq(recentHashtags.userId, userId))
        .orderBy(desc(recentHashtags.usedAt))
        .limit(RECENT_LIMIT);
      return rows.map((r) => r.tag);
    },
    /** Moves `tag` to the front of the recent list and keeps only the newest ten. */
    async touchRecent(userId: string, tag: string) {
      await db.transaction(async (tx) => {
        await tx
          .insert(recentHashtags)
          .values({ userId, tag })
          .onConflictDoUpdate({
            target: [recentHashtags.userId, recentHashtags.tag],
            set: { usedAt: sql`clock_timestamp()` },
          });
        const keep = tx
          .select({ tag: recentHashtags.tag })
          .from(recentHashtags)
          .where(eq(recentHashtags.userId, userId))
          .orderBy(desc(recentHashtags.usedAt))
          .limit(RECENT_LIMIT);
        await tx
          .delete(recentHashtags)
          .where(and(eq(recentHashtags.userId, userId), notInArray(recentHashtags.tag, keep)));
      });
    },
  };
}
export type HashtagsRepo = ReturnType<typeof createHashtagsRepo>;
