import {
  type Comment,
  COMMENTS_PER_SUBJECT_MAX,
  type CommentWrite,
  CommentWriteSchema,
  type NotificationList,
  type ReadNotifications,
} from '../../shared/api/comments.schemas';
import { can } from '../../shared/workspaces/rules';
import type { AuditRepo } from '../audit/audit.repo';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import type { MailService } from '../mail/mail.service';
import type { Recipient } from '../alerts/alerts.repo';
import type { CommentRow, CommentsRepo, CommentSubject } from './comments.repo';
import { mentionMail } from './comments.mails';

export interface CommentsServiceDeps {
  repo: CommentsRepo;
  mail: MailService;
  audit: AuditRepo;
  publicUrl: string;
  clock: () => Date;
}

const commentNotFound = () => notFound('This comment');

/**
 * Comments on posts and recurring rules, and the notices of mentions (issue 25). Every member reads and
 * comments; each changes their own; owners and admins delete anyone's (moderation, audited).
 */
export function createCommentsService({ repo, mail, audit, publicUrl, clock }: CommentsServiceDeps) {
  const toComment = (actor: SessionUser, row: CommentRow, names: Map<string, string>): Comment => {
    const own = row.authorId !== null && row.authorId === actor.id;
    return {
      id: row.id,
      authorId: row.authorId,
      authorName: row.authorName,
      body: row.body,
      mentions: row.mentions.flatMap((userId) =>
        names.has(userId) ? [{ userId, name: names.get(userId)! }] : [],
      ),
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      guest: row.reviewLinkId !== null,
      mayEdit: own,
      mayDelete: own || can(actor.workspace.role, 'moderateComments'),
    };
  };

  const mentionMails =
    (actor: SessionUser) =>
    async (tx: Db, comment: CommentRow, to: Recipient[]): Promise<void> => {
      if (!to.length) return;
      const input = {
        by: actor.name,
        body: comment.body,
        workspaceId: comment.workspaceId,
        onRule: comment.recurringId !== null,
      };
      await mail.sendInTransaction(
        tx,
        to.map((recipient) => mentionMail(recipient, input, publicUrl)),
      );
    };

  const oneOf = async (actor: SessionUser, row: CommentRow) => {
    const subject: CommentSubject = row.postId ? { postId: row.postId } : { recurringId: row.recurringId! };
    const { names } = await repo.list(actor.workspace.id, subject);
    return toComment(actor, row, names);
  };

  return {
    async list(actor: SessionUser, subject: CommentSubject) {
      if (!(await repo.subjectExists(actor.workspace.id, subject)))
        throw notFound('postId' in subject ? 'This post' : 'This recurring post');
      const { rows, names } = await repo.list(actor.workspace.id, subject);
      return { data: rows.map((row) => toComment(actor, row, names)) };
    },

    async create(actor: SessionUser, subject: CommentSubject, input: CommentWrite) {
      const { body, mentions } = CommentWriteSchema.parse(input);
      if (!(await repo.subjectExists(actor.workspace.id, subject)))
        throw notFound('postId' in subject ? 'This post' : 'This recurring post');
      const made = await repo.create(
        {
          workspaceId: actor.workspace.id,
          subject,
          author: { id: actor.id, name: actor.name },
          body,
          mentions,
          max: COMMENTS_PER_SUBJECT_MAX,
        },
        mentionMails(actor),
      );
      if (made === 'full')
        throw new AppError(
          409,
          'TOO_MANY_COMMENTS',
          `This already has ${COMMENTS_PER_SUBJECT_MAX} comments, the most it can hold.`,
          { params: { max: COMMENTS_PER_SUBJECT_MAX } },
        );
      return oneOf(actor, made);
    },

    /** Changes one's own comment; members it now names for the first time are told. */
    async update(actor: SessionUser, id: string, input: CommentWrite) {
      const { body, mentions } = CommentWriteSchema.parse(input);
      const found = await repo.find(actor.workspace.id, id);
      if (!found) throw commentNotFound();
      if (found.authorId !== actor.id)
        throw new AppError(403, 'COMMENT_NOT_YOURS', 'Only its author can change a comment.');
      const row = await repo.update(
        actor.workspace.id,
        id,
        { authorId: actor.id, body, mentions, now: clock() },
        mentionMails(actor),
      );
      if (!row) throw commentNotFound();
      return oneOf(actor, row);
    },

    /** Deletes one's own comment, or, for owners and admins, anyone's (audited). */
    async delete(actor: SessionUser, id: string) {
      const found = await repo.find(actor.workspace.id, id);
      if (!found) throw commentNotFound();
      const own = found.authorId === actor.id;
      if (!own && !can(actor.workspace.role, 'moderateComments'))
        throw new AppError(403, 'COMMENT_NOT_YOURS', 'Only its author can delete a comment.');
      if (!(await repo.delete(actor.workspace.id, id))) throw commentNotFound();
      if (!own)
        await audit.record({
          actor,
          action: 'comment.deleted',
          details: {
            workspace: actor.workspace.id,
            commentId: id,
            author: found.authorName,
            ...(found.postId ? { postId: found.postId } : { recurringId: found.recurringId }),
          },
        });
    },

    async notifications(actor: SessionUser): Promise<NotificationList> {
      const { rows, unread } = await repo.notifications(actor.id, actor.workspace.id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.reviewLinkId ? ('review' as const) : ('mention' as const),
          by: row.by,
          at: row.createdAt.toISOString(),
          postId: row.postId,
          recurringId: row.recurringId,
          commentId: row.commentId,
          excerpt: row.body.length > 140 ? `${row.body.slice(0, 139)}…` : row.body,
          read: row.readAt !== null,
        })),
        unread,
      };
    },

    async markRead(actor: SessionUser, { ids }: ReadNotifications) {
      await repo.markRead(actor.id, actor.workspace.id, ids, clock());
      return this.notifications(actor);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
