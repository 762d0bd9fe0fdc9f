import { z } from 'zod';

/** A comment's length at most, in characters. */
export const COMMENT_MAX = 2000;
/** Members one comment mentions at most. */
export const MENTIONS_MAX = 20;
/** Comments one post or rule holds at most: a thread people read, not a chat log. */
export const COMMENTS_PER_SUBJECT_MAX = 500;

/**
 * A comment is plain text, never HTML: kept as written and shown as text, so nothing in it can run or
 * style anything (control characters are refused before, as in every request). `mentions` are the
 * member ids it names.
 */
export const CommentWriteSchema = z.object({
  body: z
    .string('comments.bodyRequired')
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, 'comments.bodyRequired').max(COMMENT_MAX, 'comments.bodyTooLong')),
  mentions: z
    .array(z.string().min(1).max(64), 'comments.mentionsInvalid')
    .max(MENTIONS_MAX, 'comments.tooManyMentions')
    .default([]),
});
export type CommentWrite = z.input<typeof CommentWriteSchema>;

export const CommentSchema = z.object({
  id: z.uuid(),
  /** Who wrote it: a member (`authorId`), or one whose account is gone (null). */
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  /** The members it names, as they are called now. */
  mentions: z.array(z.object({ userId: z.string(), name: z.string() })),
  createdAt: z.iso.datetime({ offset: true }),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Written through a client review link by someone without an account (`authorName` is theirs). */
  guest: z.boolean(),
  /** Whether the caller may change it (their own) and delete it (their own, or as a moderator). */
  mayEdit: z.boolean(),
  mayDelete: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentListSchema = z.object({ data: z.array(CommentSchema) });
export type CommentList = z.infer<typeof CommentListSchema>;
export const CommentParamsSchema = z.object({ id: z.uuid('errors.notFound') });

/**
 * A member told in the app: someone mentioned them in a comment on a post or a recurring rule
 * (`mention`), or a client commented through a review link they made or on their post (`review`).
 */
export const NotificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['mention', 'review']),
  by: z.string(),
  at: z.iso.datetime({ offset: true }),
  postId: z.uuid().nullable(),
  recurringId: z.uuid().nullable(),
  commentId: z.uuid(),
  /** The comment's beginning. */
  excerpt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.object({
  data: z.array(NotificationSchema),
  /** Unread ones in the workspace (the list holds the latest 50). */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** Marks these (or, without `ids`, all of the workspace's) as read. */
export const ReadNotificationsSchema = z.object({
  ids: z.array(z.uuid('errors.validation')).max(100).optional(),
});
export type ReadNotifications = z.infer<typeof ReadNotificationsSchema>;
