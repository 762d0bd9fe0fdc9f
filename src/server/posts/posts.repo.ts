import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Platform } from '../../shared/platforms/rules';
import type { Db } from '../db/client';
import { media, postMedia, posts, postTargets } from '../db/schema';

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;
export type AttachedMedia = typeof media.$inferSelect & { edits: Record<string, unknown> | null };
export type PostWithTargets = PostRow & { targets: TargetRow[]; media: AttachedMedia[] };
export interface MediaLink {
  id: string;
  edits: Record<string, unknown> | null;
}

export interface PostValues {
  contentHtml: string;
  status: PostRow['status'];
  scheduledAt: Date | null;
  timezone: string;
}

async function attach(tx: Db, postId: string, platforms: Platform[], links: MediaLink[]) {
  if (platforms.length)
    await tx.insert(postTargets).values(platforms.map((platform) => ({ postId, platform })));
  if (links.length) {
    await tx
      .insert(postMedia)
      .values(
        links.map((link, position) => ({ postId, mediaId: link.id, position, edits: link.edits ?? {} })),
      );
  }
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
    const attached = await db
      .select({ postId: postMedia.postId, edits: postMedia.edits, media })
      .from(postMedia)
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(
        inArray(
          postMedia.postId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(postMedia.position));
    return rows.map((r) => ({
      ...r,
      targets: targets.filter((t) => t.postId === r.id),
      media: attached
        .filter((a) => a.postId === r.id)
        .map((a) => ({ ...a.media, edits: a.media.kind === 'video' ? a.edits : null })),
    }));
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
    /** The post, one pending target per network and its media, in one transaction. */
    async create(userId: string, values: PostValues, platforms: Platform[], links: MediaLink[]) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({ userId, ...values })
          .returning({ id: posts.id });
        await attach(tx as unknown as Db, row!.id, platforms, links);
        return row!.id;
      });
      return (await this.find(userId, id))!;
    },
    /** Rewrites the post, its targets and media together; the targets start over as pending. */
    async replace(userId: string, id: string, values: PostValues, platforms: Platform[], links: MediaLink[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(posts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(posts.id, id), eq(posts.userId, userId)));
        await tx.delete(postTargets).where(eq(postTargets.postId, id));
        await tx.delete(postMedia).where(eq(postMedia.postId, id));
        await attach(tx as unknown as Db, id, platforms, links);
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
