import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApproveBodySchema, PostHistorySchema, RejectBodySchema } from '../../shared/api/approvals.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { PostIdParamsSchema, PostSchema } from '../../shared/api/posts.schemas';
import { type Guards, userOf } from '../auth/session';
import type { ApprovalsService } from './approvals.service';

const E = ApiErrorSchema;

/**
 * Approval of posts in a workspace that asks for it, and every post's history (issue 25). Owners, admins,
 * editors and reviewers approve or send back; a contributor's post waits for them.
 */
export async function approvalsRoutes(
  app: FastifyInstance,
  { approvals, guards }: { approvals: ApprovalsService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];

  r.post(
    '/api/posts/:id/approve',
    {
      onRequest: [guards.requireUser, guards.may('approve')],
      schema: {
        tags,
        summary:
          'Approve a post that waits for approval: it is scheduled for its time (now, if it asked for that)',
        description:
          'Send the `contentHash` of the post as you read it: a post changed since answers 409 POST_CHANGED.',
        params: PostIdParamsSchema,
        body: ApproveBodySchema,
        response: { 200: PostSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => approvals.approve(userOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/posts/:id/reject',
    {
      onRequest: [guards.requireUser, guards.may('approve')],
      schema: {
        tags,
        summary: 'Send a post that waits for approval back to its author as a draft, with the reason',
        params: PostIdParamsSchema,
        body: RejectBodySchema,
        response: { 200: PostSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => approvals.reject(userOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/posts/:id/history',
    {
      onRequest: [guards.requireUser, guards.may('read')],
      schema: {
        tags,
        summary:
          "A post's history: who asked, approved, rejected, scheduled or moved it, and when each network published it",
        params: PostIdParamsSchema,
        response: { 200: PostHistorySchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => approvals.history(userOf(request), request.params.id),
  );
}
