import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommentListSchema,
  CommentParamsSchema,
  CommentSchema,
  CommentWriteSchema,
  COMMENT_MAX,
  COMMENTS_PER_SUBJECT_MAX,
  MENTIONS_MAX,
  NotificationListSchema,
  ReadNotificationsSchema,
} from '../../shared/api/comments.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { PostIdParamsSchema } from '../../shared/api/posts.schemas';
import { RecurringIdParamsSchema } from '../../shared/api/recurring.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { CommentsService } from './comments.service';

const E = ApiErrorSchema;
const WRITE_HELP =
  `Plain text of at most ${COMMENT_MAX} characters, shown as written (never as HTML). \`mentions\`: ids of ` +
  `up to ${MENTIONS_MAX} members of the workspace, who are told (in the app, and by mail if they allow it); ` +
  'ids of non-members are left out.';

/**
 * Comments on posts and recurring rules, and the caller's notices of mentions (issue 25). Every member
 * reads and comments, reviewers too; the service keeps a comment's changes to its author and deletion
 * to its author and the workspace's owners and admins.
 */
export async function commentsRoutes(
  app: FastifyInstance,
  {
    comments,
    guards,
    createsPerMinute,
  }: { comments: CommentsService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];
  const reads = [guards.requireUser, guards.may('read')];
  const writes = [guards.requireUser, guards.may('comment')];
  const rateLimit = creationRate(createsPerMinute, 'new comments');

  for (const [subject, params, of] of [
    ['posts', PostIdParamsSchema, 'a post'],
    ['recurring-posts', RecurringIdParamsSchema, 'a recurring post'],
  ] as const) {
    const subjectOf = (id: string) => (subject === 'posts' ? { postId: id } : { recurringId: id });
    r.get(
      `/api/${subject}/:id/comments`,
      {
        onRequest: reads,
        schema: {
          tags,
          summary: `The comments on ${of}, oldest first`,
          params,
          response: { 200: CommentListSchema, 400: E, 401: E, 404: E },
        },
      },
      async (request) => comments.list(userOf(request), subjectOf(request.params.id)),
    );
    r.post(
      `/api/${subject}/:id/comments`,
      {
        onRequest: writes,
        config: { rateLimit },
        schema: {
          tags,
          summary: `Comment on ${of}`,
          description: `${WRITE_HELP} At most ${COMMENTS_PER_SUBJECT_MAX} comments each (409 TOO_MANY_COMMENTS).`,
          params,
          body: CommentWriteSchema,
          response: { 201: CommentSchema, 400: E, 401: E, 403: E, 404: E, 409: E, 429: E },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await comments.create(userOf(request), subjectOf(request.params.id), request.body)),
    );
  }

  r.patch(
    '/api/comments/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Change one of your comments',
        description: `${WRITE_HELP} Members it names for the first time are told.`,
        params: CommentParamsSchema,
        body: CommentWriteSchema,
        response: { 200: CommentSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => comments.update(userOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/comments/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: "Delete one of your comments; owners and admins delete anyone's",
        params: CommentParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await comments.delete(userOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/notifications',
    {
      onRequest: reads,
      schema: {
        tags,
        summary: 'Your latest notices in the workspace (comments that mention you), newest first',
        response: { 200: NotificationListSchema, 401: E },
      },
    },
    async (request) => comments.notifications(userOf(request)),
  );

  r.post(
    '/api/notifications/read',
    {
      onRequest: reads,
      schema: {
        tags,
        summary: 'Mark notices as read: those of `ids`, or all of the workspace',
        body: ReadNotificationsSchema,
        response: { 200: NotificationListSchema, 400: E, 401: E },
      },
    },
    async (request) => comments.markRead(userOf(request), request.body),
  );
}
