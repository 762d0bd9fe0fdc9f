import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  CreateReviewLinkSchema,
  REVIEW_LINK_DAYS,
  REVIEW_LINK_DAYS_MAX,
  REVIEW_LINK_POSTS_MAX,
  REVIEW_LINKS_ACTIVE_MAX,
  ReviewApproveSchema,
  ReviewChangesSchema,
  ReviewCommentSchema,
  ReviewLinkListSchema,
  ReviewLinkMadeSchema,
  ReviewLinkParamsSchema,
  ReviewPageSchema,
  ReviewPostParamsSchema,
  ReviewPostSchema,
  ReviewTokenParamsSchema,
} from '../../shared/api/review-links.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { ReviewLinksService } from './review-links.service';

const E = ApiErrorSchema;

/**
 * Client review links (issue 25): owners, admins and editors make and withdraw them; their holders, with
 * no account, read and decide under `/api/review/:token`, limited per address.
 */
export async function reviewLinksRoutes(
  app: FastifyInstance,
  {
    reviewLinks,
    guards,
    createsPerMinute,
  }: { reviewLinks: ReviewLinksService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['review links'];
  const manages = [guards.requireUser, guards.may('reviewLinks')];

  r.post(
    '/api/review-links',
    {
      onRequest: manages,
      config: { rateLimit: creationRate(createsPerMinute, 'review links') },
      schema: {
        tags,
        summary: 'Make a review link for chosen posts, or for what is scheduled in a date range',
        description:
          `Send \`postIds\` (at most ${REVIEW_LINK_POSTS_MAX}), or \`from\` and \`to\` (and \`platforms\`) for ` +
          'every post scheduled or waiting for approval then, fixed now. The link works for `expiresInDays` ' +
          `(${REVIEW_LINK_DAYS} unless told, at most ${REVIEW_LINK_DAYS_MAX}); only this answer carries it. ` +
          `At most ${REVIEW_LINKS_ACTIVE_MAX} work at once (409 TOO_MANY_REVIEW_LINKS).`,
        body: CreateReviewLinkSchema,
        response: { 201: ReviewLinkMadeSchema, 400: E, 401: E, 403: E, 404: E, 409: E, 429: E },
      },
    },
    async (request, reply) => reply.status(201).send(await reviewLinks.create(userOf(request), request.body)),
  );

  r.get(
    '/api/review-links',
    {
      onRequest: manages,
      schema: {
        tags,
        summary: "The workspace's review links, newest first (never their addresses)",
        response: { 200: ReviewLinkListSchema, 401: E, 403: E },
      },
    },
    async (request) => reviewLinks.list(userOf(request)),
  );

  r.delete(
    '/api/review-links/:id',
    {
      onRequest: manages,
      schema: {
        tags,
        summary: 'Withdraw a review link: it stops working at once',
        params: ReviewLinkParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await reviewLinks.revoke(userOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The link's holder, without an account. Guessing is hopeless (256 bits), and limited anyway.
  const reads = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  const acts = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const publicTags = ['review (public)'];

  r.get(
    '/api/review/:token',
    {
      config: reads,
      schema: {
        tags: publicTags,
        summary: "A review link's page: its posts as the networks will show them; no session",
        params: ReviewTokenParamsSchema,
        response: { 200: ReviewPageSchema, 400: E, 404: E, 410: E, 429: E },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reviewLinks.view(request.params.token);
    },
  );

  const action = (
    path: string,
    summary: string,
    body: typeof ReviewApproveSchema | typeof ReviewChangesSchema | typeof ReviewCommentSchema,
    run: (token: string, id: string, input: never) => Promise<z.infer<typeof ReviewPostSchema>>,
  ) =>
    r.post(
      `/api/review/:token/posts/:id/${path}`,
      {
        config: acts,
        schema: {
          tags: publicTags,
          summary,
          params: ReviewPostParamsSchema,
          body,
          response: { 200: ReviewPostSchema, 400: E, 404: E, 409: E, 410: E, 429: E },
        },
      },
      async (request) => run(request.params.token, request.params.id, request.body as never),
    );
  action(
    'approve',
    'Approve a post of the link as it was shown (`hash`); one waiting for approval is then scheduled',
    ReviewApproveSchema,
    reviewLinks.approve,
  );
  action(
    'request-changes',
    'Ask for changes: the post goes back to its author as a draft, with the request',
    ReviewChangesSchema,
    reviewLinks.requestChanges,
  );
  action('comments', 'Comment on a post of the link', ReviewCommentSchema, reviewLinks.comment);
}
