import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { comments, postEvents, posts, reviewLinks, users, workspaces } from '../db/schema';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

/** Client review links, and what their page reads (issue 25). */
export function createReviewLinksRepo(db: Db) {
  return {
    /** Of `ids`, those that are posts of the workspace. */
    async postsAmong(workspaceId: WorkspaceId, ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, ids)));
      return rows.map((row) => row.id);
    },

    /**
     * The posts scheduled or waiting for approval in [from, to) with a network among `platforms` (any,
     * when null), in time order, at most `limit`.
     */
    async postsBetween(
      workspaceId: WorkspaceId,
      from: Date,
      to: Date,
      platforms: string[] | null,
      limit: number,
    ): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          select p.id from ${posts} p
           where p.workspace_id = ${workspaceId}
             and p.status in ('scheduled', 'awaiting_approval')
             and p.scheduled_at >= ${from.toISOString()}::timestamptz
             and p.scheduled_at < ${to.toISOString()}::timestamptz
             ${
               platforms
                 ? sql`and exists (select 1 from post_targets t where t.post_id = p.id
                                     and t.platform = any(${sql.param(platforms)}::text[]))`
                 : sql``
             }
           order by p.scheduled_at, p.id
           limit ${limit}`),
      );
      return rows.map((row) => row.id);
    },

    async activeCount(workspaceId: WorkspaceId, now: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(reviewLinks)
        .where(
          and(
            eq(reviewLinks.workspaceId, workspaceId),
            isNull(reviewLinks.revokedAt),
            gt(reviewLinks.expiresAt, now),
          ),
        );
      return row?.n ?? 0;
    },

    async create(values: typeof reviewLinks.$inferInsert) {
      const [row] = await db.insert(reviewLinks).values(values).returning();
      return row!;
    },

    /** The workspace's links, newest first, with who made each. */
    list(workspaceId: WorkspaceId) {
      return db
        .select({ link: reviewLinks, createdBy: users.name })
        .from(reviewLinks)
        .leftJoin(users, eq(users.id, reviewLinks.createdBy))
        .where(eq(reviewLinks.workspaceId, workspaceId))
        .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id))
        .limit(500);
    },

    /** Revokes a link of the workspace (once); false when there is none. */
    async revoke(workspaceId: WorkspaceId, id: string, now: Date) {
      const [row] = await db
        .update(reviewLinks)
        .set({ revokedAt: sql`coalesce(${reviewLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(reviewLinks.id, id), eq(reviewLinks.workspaceId, workspaceId)))
        .returning({ id: reviewLinks.id });
      return Boolean(row);
    },

    /** The link whose token hashes to `hash`, with its workspace's name. */
    async byHash(hash: string) {
      const [row] = await db
        .select({ link: reviewLinks, workspace: workspaces.name })
        .from(reviewLinks)
        .innerJoin(workspaces, eq(workspaces.id, reviewLinks.workspaceId))
        .where(eq(reviewLinks.tokenHash, hash));
      return row;
    },

    /** Notes the link was opened, at most once a minute. */
    async touch(id: string, now: Date) {
      await db
        .update(reviewLinks)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(reviewLinks.id, id),
            sql`(${reviewLinks.lastUsedAt} is null or ${reviewLinks.lastUsedAt} < ${now.toISOString()}::timestamptz - interval '1 minute')`,
          ),
        );
    },

    /** Each post's last decision given through any review link. */
    async decisions(postIds: string[]) {
      if (!postIds.length) return [];
      return db
        .selectDistinctOn([postEvents.postId], {
          postId: postEvents.postId,
          kind: postEvents.kind,
          by: postEvents.actorName,
          at: postEvents.createdAt,
        })
        .from(postEvents)
        .where(
          and(
            inArray(postEvents.postId, postIds),
            inArray(postEvents.kind, ['client_approved', 'changes_requested']),
          ),
        )
        .orderBy(postEvents.postId, desc(postEvents.createdAt), desc(postEvents.id));
    },

    /** The comments written through this link on `postIds`, oldest first. */
    guestComments(linkId: string, postIds: string[]) {
      if (!postIds.length) return Promise.resolve([]);
      return db
        .select({
          id: comments.id,
          postId: comments.postId,
          by: comments.authorName,
          body: comments.body,
          at: comments.createdAt,
        })
        .from(comments)
        .where(and(eq(comments.reviewLinkId, linkId), inArray(comments.postId, postIds)))
        .orderBy(asc(comments.createdAt), asc(comments.id));
    },
  };
}
export type ReviewLinksRepo = ReturnType<typeof createReviewLinksRepo>;
