import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { RECENT_LIMIT } from '../../shared/hashtags';
import type { Db } from '../db/client';
import { customHashtags, recentHashtags } from '../db/schema';

export function createHashtagsRepo(db: Db) {
  return {
    custom(userId: string) {
      return db
        .select({ category: customHashtags.category, tag: customHashtags.tag })
        .from(customHashtags)
        .where(eq(customHashtags.userId, userId))
        .orderBy(customHashtags.tag);
    },
    async addCustom(userId: string, category: string, tag: string) {
      await db.insert(customHashtags).values({ userId, category, tag }).onConflictDoNothing();
    },
    async removeCustom(userId: string, category: string, tag: string) {
      const rows = await db
        .delete(customHashtags)
        .where(
          and(
            eq(customHashtags.userId, userId),
            eq(customHashtags.category, category),
            eq(customHashtags.tag, tag),
          ),
        )
        .returning({ tag: customHashtags.tag });
      return rows.length === 1;
    },
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
