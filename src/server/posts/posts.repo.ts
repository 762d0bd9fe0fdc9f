import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
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
  /**
   * The posts matching `where`, each with its targets and media. Three queries whatever the number of
   * posts: the targets and media are joined on the same condition rather than fetched by a list of ids.
   */
  const load = async (where: SQL): Promise<PostWithTargets[]> => {
    const rows = await db.select().from(posts).where(where).orderBy(asc(posts.scheduledAt), asc(posts.id));
    if (!rows.length) return [];
    const [targets, attached] = await Promise.all([
      db
        .select({ target: postTargets })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(where)
        .orderBy(asc(postTargets.platform)),
      db
        .select({ postId: postMedia.postId, edits: postMedia.edits, media })
        .from(postMedia)
        .innerJoin(posts, eq(posts.id, postMedia.postId))
        .innerJoin(media, eq(media.id, postMedia.mediaId))
        .where(where)
        .orderBy(asc(postMedia.position)),
    ]);
    const byPost = new Map<string, PostWithTargets>(
      rows.map((r) => [r.id, { ...r, targets: [], media: [] }]),
    );
    for (const { target } of targets) byPost.get(target.postId)?.targets.push(target);
    for (const a of attached)
      byPost.get(a.postId)?.media.push({ ...a.media, edits: a.media.kind === 'video' ? a.edits : null });
    return [...byPost.values()];
  };

  return {
    async find(userId: string, id: string) {
      return (await load(and(eq(posts.id, id), eq(posts.userId, userId))!))[0];
    },
    listScheduledBetween(userId: string, from: Date, to: Date) {
      return load(and(eq(posts.userId, userId), gte(posts.scheduledAt, from), lt(posts.scheduledAt, to))!);
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
