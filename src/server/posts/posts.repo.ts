import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Platform } from '../../shared/platforms/rules';
import type { Db } from '../db/client';
import { posts, postTargets } from '../db/schema';

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;
export type PostWithTargets = PostRow & { targets: TargetRow[] };

export interface PostValues {
  contentHtml: string;
  status: PostRow['status'];
  scheduledAt: Date | null;
  timezone: string;
}

/** Every query names the owner: a post id of another user finds nothing. */
export function createPostsRepo(db: Db) {
  const withTargets = async (rows: PostRow[]): Promise<PostWithTargets[]> => {
    if (!rows.length) return [];
    const targets = await db
      .select()
      .from(postTargets)
      .where(
        inArray(
          postTargets.postId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(postTargets.platform));
    return rows.map((r) => ({ ...r, targets: targets.filter((t) => t.postId === r.id) }));
  };

  return {
    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.userId, userId)));
      return row ? (await withTargets([row]))[0] : undefined;
    },
    async listScheduledBetween(userId: string, from: Date, to: Date) {
      const rows = await db
        .select()
        .from(posts)
        .where(and(eq(posts.userId, userId), gte(posts.scheduledAt, from), lt(posts.scheduledAt, to)))
        .orderBy(asc(posts.scheduledAt), asc(posts.id));
      return withTargets(rows);
    },
    /** The post and one pending target per network, in one transaction. */
    async create(userId: string, values: PostValues, platforms: Platform[]) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({ userId, ...values })
          .returning({ id: posts.id });
        if (platforms.length)
          await tx.insert(postTargets).values(platforms.map((platform) => ({ postId: row!.id, platform })));
        return row!.id;
      });
      return (await this.find(userId, id))!;
    },
    /** Rewrites the post and its targets together; the targets start over as pending. */
    async replace(userId: string, id: string, values: PostValues, platforms: Platform[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(posts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(posts.id, id), eq(posts.userId, userId)));
        await tx.delete(postTargets).where(eq(postTargets.postId, id));
        if (platforms.length)
          await tx.insert(postTargets).values(platforms.map((platform) => ({ postId: id, platform })));
      });
      return (await this.find(userId, id))!;
    },
    async setScheduledAt(userId: string, id: string, scheduledAt: Date) {
      await db
        .update(posts)
        .set({ scheduledAt, updatedAt: new Date() })
        .where(and(eq(posts.id, id), eq(posts.userId, userId)));
      return (await this.find(userId, id))!;
    },
    async remove(userId: string, id: string) {
      await db.delete(posts).where(and(eq(posts.id, id), eq(posts.userId, userId)));
    },
  };
}
export type PostsRepo = ReturnType<typeof createPostsRepo>;
