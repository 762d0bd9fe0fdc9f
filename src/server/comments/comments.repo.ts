import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf, transaction } from '../db/client';
import { comments, notifications, posts, recurringPosts, users, workspaceMembers } from '../db/schema';
import type { Recipient } from '../alerts/alerts.repo';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

/** What a comment is on: a post or a recurring rule of the workspace. */
export type CommentSubject = { postId: string } | { recurringId: string };

export type CommentRow = typeof comments.$inferSelect;

const subjectWhere = (subject: CommentSubject) =>
  'postId' in subject ? eq(comments.postId, subject.postId) : eq(comments.recurringId, subject.recurringId);

export function createCommentsRepo(db: Db) {
  /** Of `ids`, those who are members of the workspace, but `except`. */
  const membersAmong = async (tx: Db, workspaceId: WorkspaceId, ids: string[], except: string) => {
    const wanted = ids.filter((id) => id !== except);
    if (!wanted.length) return [];
    const rows = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, wanted)));
    return rows.map((row) => row.userId);
  };

  /** Tells `userIds` of the comment in the app; answers who of them want a mail too. */
  const notify = async (tx: Db, workspaceId: WorkspaceId, commentId: string, userIds: string[]) => {
    if (!userIds.length) return [];
    await tx
      .insert(notifications)
      .values(userIds.map((userId) => ({ userId, workspaceId, commentId })))
      .onConflictDoNothing();
    return rowsOf<Recipient>(
      await tx.execute(sql`
        select u.id, u.email, u.name from users u
          left join alert_preferences ap on ap.user_id = u.id
         where u.id = any(${sql.param(userIds)}::text[]) and u.banned is not true
           and coalesce(ap.mentions, true)`),
    );
  };

  return {
    /** Whether the subject is the workspace's. */
    async subjectExists(workspaceId: WorkspaceId, subject: CommentSubject) {
      const [row] =
        'postId' in subject
          ? await db
              .select({ id: posts.id })
              .from(posts)
              .where(and(eq(posts.id, subject.postId), eq(posts.workspaceId, workspaceId)))
          : await db
              .select({ id: recurringPosts.id })
              .from(recurringPosts)
              .where(
                and(eq(recurringPosts.id, subject.recurringId), eq(recurringPosts.workspaceId, workspaceId)),
              );
      return Boolean(row);
    },

    /** The subject's comments, oldest first, with the names of who they mention as they are now. */
    async list(workspaceId: WorkspaceId, subject: CommentSubject) {
      const rows = await db
        .select()
        .from(comments)
        .where(and(eq(comments.workspaceId, workspaceId), subjectWhere(subject)))
        .orderBy(asc(comments.createdAt), asc(comments.id));
      const ids = [...new Set(rows.flatMap((row) => row.mentions))];
      const names = new Map(
        ids.length
          ? (
              await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
            ).map((u) => [u.id, u.name])
          : [],
      );
      return { rows, names };
    },

    async find(workspaceId: WorkspaceId, id: string): Promise<CommentRow | undefined> {
      const [row] = await db
        .select()
        .from(comments)
        .where(and(eq(comments.id, id), eq(comments.workspaceId, workspaceId)));
      return row;
    },

    /**
     * Adds a comment unless its subject holds `max` already, and tells the members it mentions (but its
     * author) in the same transaction; `mail` gets those who want a mail, to send in it too.
     */
    create(
      input: {
        workspaceId: WorkspaceId;
        subject: CommentSubject;
        /** A member, or a guest of a review link (no id). */
        author: { id: string | null; name: string };
        body: string;
        mentions: string[];
        max: number;
        /** The review link a guest writes through. */
        reviewLinkId?: string;
        /** Members told besides those mentioned (a guest's comment: who made the link, the author). */
        tell?: string[];
      },
      mail: (tx: Db, comment: CommentRow, to: Recipient[]) => Promise<void>,
    ): Promise<CommentRow | 'full'> {
      return transaction(db, async (tx) => {
        // One writer at a time per subject, so that the cap holds under concurrent comments.
        const key = 'postId' in input.subject ? input.subject.postId : input.subject.recurringId;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comments:${key}`}))`);
        const [held] = await tx.select({ n: count() }).from(comments).where(subjectWhere(input.subject));
        if ((held?.n ?? 0) >= input.max) return 'full' as const;
        const author = input.author.id ?? '';
        const mentions = await membersAmong(tx, input.workspaceId, input.mentions, author);
        const told = await membersAmong(tx, input.workspaceId, [...mentions, ...(input.tell ?? [])], author);
        const [row] = await tx
          .insert(comments)
          .values({
            workspaceId: input.workspaceId,
            ...input.subject,
            authorId: input.author.id,
            authorName: input.author.name,
            body: input.body,
            mentions,
            reviewLinkId: input.reviewLinkId ?? null,
          })
          .returning();
        await mail(tx, row!, await notify(tx, input.workspaceId, row!.id, [...new Set(told)]));
        return row!;
      });
    },

    /** Changes a comment's text; members it now mentions for the first time are told. */
    update(
      workspaceId: WorkspaceId,
      id: string,
      input: { authorId: string; body: string; mentions: string[]; now: Date },
      mail: (tx: Db, comment: CommentRow, to: Recipient[]) => Promise<void>,
    ): Promise<CommentRow | undefined> {
      return transaction(db, async (tx) => {
        const [before] = await tx
          .select()
          .from(comments)
          .where(and(eq(comments.id, id), eq(comments.workspaceId, workspaceId)))
          .for('update');
        if (!before) return undefined;
        const mentions = await membersAmong(tx, workspaceId, input.mentions, input.authorId);
        const [row] = await tx
          .update(comments)
          .set({ body: input.body, mentions, editedAt: input.now })
          .where(eq(comments.id, id))
          .returning();
        const added = mentions.filter((m) => !before.mentions.includes(m));
        await mail(tx, row!, await notify(tx, workspaceId, id, added));
        return row;
      });
    },

    async delete(workspaceId: WorkspaceId, id: string) {
      const gone = await db
        .delete(comments)
        .where(and(eq(comments.id, id), eq(comments.workspaceId, workspaceId)))
        .returning({ id: comments.id });
      return gone.length > 0;
    },

    /** A member's latest notices in the workspace (50), with how many are unread. */
    async notifications(userId: string, workspaceId: WorkspaceId) {
      const mine = and(eq(notifications.userId, userId), eq(notifications.workspaceId, workspaceId));
      const rows = await db
        .select({
          id: notifications.id,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
          commentId: comments.id,
          by: comments.authorName,
          body: comments.body,
          postId: comments.postId,
          recurringId: comments.recurringId,
          reviewLinkId: comments.reviewLinkId,
        })
        .from(notifications)
        .innerJoin(comments, eq(comments.id, notifications.commentId))
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(50);
      const [counted] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(and(mine, isNull(notifications.readAt)));
      return { rows, unread: counted?.unread ?? 0 };
    },

    /** Marks a member's notices of the workspace as read: `ids`, or all. */
    async markRead(userId: string, workspaceId: WorkspaceId, ids: string[] | undefined, now: Date) {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.workspaceId, workspaceId),
            isNull(notifications.readAt),
            ids
              ? inArray(notifications.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
              : undefined,
          ),
        );
    },
  };
}
export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
