import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DraftListQuerySchema, DraftListSchema } from '../../shared/api/drafts.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  PostIdParamsSchema,
  PostListSchema,
  PostPageSchema,
  PostRangeQuerySchema,
  PostStatusQuerySchema,
  PostSchema,
  QueuedPostsSchema,
  PostWriteSchema,
  RescheduleBodySchema,
} from '../../shared/api/posts.schemas';
import { CARD_MAX } from '../../shared/card-html';
import { type Guards, userOf } from '../auth/session';
import type { PostsService, SerialisedRange } from './posts.service';
import { creationRate } from '../http/creation-rate';

const E = ApiErrorSchema;

export async function postsRoutes(
  app: FastifyInstance,
  { posts, guards, createsPerMinute }: { posts: PostsService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('write')];
  const schedules = [onRequest, guards.may('schedule')];
  const tags = ['posts'];

  r.get(
    '/api/posts',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your posts scheduled in [from, to), at most a year wide, as calendar cards',
        description:
          "The calendar's summary of each post: its status, time, card text (the content reduced to b, i, em, " +
          `strong and span, cut to ${CARD_MAX} characters with '…') and each network's status; a target's block, ` +
          'next attempt and last error only when set. The full post (content, media, attempts, links) is ' +
          'GET /api/posts/:id. Answers 304 to an If-None-Match holding the current ETag.',
        querystring: PostRangeQuerySchema,
        response: {
          200: PostListSchema,
          304: z.null().describe('Unchanged since the ETag sent'),
          400: E,
          401: E,
        },
      },
    },
    (request, reply) => {
      const answer = (range: SerialisedRange): void => {
        // The browser asks again each time (no-cache) and gets a 304 while the month is unchanged.
        const headers: Record<string, string> = {
          'cache-control': 'private, no-cache',
          etag: range.etag,
          vary: 'accept-encoding',
        };
        // No body and no length: a 304 says only that the copy the browser holds is still right.
        if (request.headers['if-none-match'] === range.etag) {
          void reply
            .code(304)
            .headers(headers)
            .send(undefined as unknown as null);
          return;
        }
        if (/\bgzip\b(?!;\s*q=0(\.0+)?\b)/.test(request.headers['accept-encoding'] ?? ''))
          headers['content-encoding'] = 'gzip';
        headers['content-type'] = 'application/json; charset=utf-8';
        // Bytes already checked against PostListSchema when they were made: Fastify sends them as they are.
        const body = headers['content-encoding'] ? range.gzipped : range.body;
        void reply.headers(headers).send(body as unknown as null);
      };
      const actor = userOf(request);
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      // A kept month (nearly every call) is answered at once, without a promise on the way: each one
      // costs on the calendar's hot path, more so with the auth library's async context on (issue 24).
      const kept = posts.keptRange(actor, from, to);
      return kept ? answer(kept) : posts.listBetweenSerialised(actor, from, to).then(answer);
    },
  );

  r.get(
    '/api/posts/drafts',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your drafts, dated or not, the latest changed first, a page at a time',
        description:
          'Each draft as a list item: its card text (as on the calendar), date if any, networks and number ' +
          'of files, with the total number of drafts. The full draft is GET /api/posts/:id.',
        querystring: DraftListQuerySchema,
        response: { 200: DraftListSchema, 400: E, 401: E },
      },
    },
    async (request) => posts.listDrafts(userOf(request), request.query.limit, request.query.offset),
  );

  r.get(
    '/api/posts/by-status',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your posts in one status, whole, soonest first (undated last), a page at a time',
        description:
          'For scripts: e.g. ?status=scheduled, or ?status=failed to find what needs a retry. Each post ' +
          "carries each network's result (status, attempts, link, error). total counts every match.",
        querystring: PostStatusQuerySchema,
        response: { 200: PostPageSchema, 400: E, 401: E },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return posts.listByStatus(userOf(request), status, limit, offset);
    },
  );

  r.get(
    '/api/posts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One of your posts with the status of each network',
        params: PostIdParamsSchema,
        response: { 200: PostSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => posts.get(userOf(request), request.params.id),
  );

  r.post(
    '/api/posts',
    {
      onRequest: writes,
      schema: {
        tags,
        summary:
          'Save a draft, schedule a post, publish it now, or add it to the queue; scheduling checks every selected network',
        description:
          'With "action":"queue" the post goes to each chosen account\'s posting queue (a network with no account ' +
          "chosen: its first): one post per account, each at its queue's first free slot, or first with " +
          '"queuePosition":"next". The answer is then { data: [posts] }.',
        body: PostWriteSchema,
        response: { 201: z.union([PostSchema, QueuedPostsSchema]), 400: E, 401: E, 403: E, 409: E },
      },
    },
    async (request, reply) => {
      const actor = userOf(request);
      if (request.body.action === 'queue')
        return reply.status(201).send({ data: await posts.enqueue(actor, request.body) });
      return reply.status(201).send(await posts.create(actor, request.body));
    },
  );

  r.put(
    '/api/posts/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Rewrite a draft, scheduled or failed post',
        description:
          'With "action":"queue" it goes to the queue of its first account, and a copy to each other chosen ' +
          "account's; the answer is then { data: [posts] }, this one first.",
        params: PostIdParamsSchema,
        body: PostWriteSchema,
        response: { 200: z.union([PostSchema, QueuedPostsSchema]), 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => {
      const actor = userOf(request);
      if (request.body.action === 'queue')
        return { data: await posts.enqueue(actor, request.body, request.params.id) };
      return posts.update(actor, request.params.id, request.body);
    },
  );

  r.post(
    '/api/posts/:id/reschedule',
    {
      onRequest: schedules,
      schema: {
        tags,
        summary:
          'Move a post to another day, and with `time` to another time of day (else its time of day stays)',
        params: PostIdParamsSchema,
        body: RescheduleBodySchema,
        response: { 200: PostSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => posts.reschedule(userOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/posts/:id/duplicate',
    {
      onRequest: writes,
      config: { rateLimit: creationRate(createsPerMinute, 'new posts') },
      schema: {
        tags,
        summary:
          'Copy a post as a new draft: its content, networks, accounts and media; its date if still ahead',
        params: PostIdParamsSchema,
        response: { 201: PostSchema, 400: E, 401: E, 403: E, 404: E, 429: E },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await posts.duplicate(userOf(request), request.params.id)),
  );

  r.post(
    '/api/posts/:id/cancel',
    {
      onRequest: schedules,
      schema: {
        tags,
        summary: 'Call off a scheduled post before it goes out: it becomes a draft and keeps its date',
        description: '409 NOT_SCHEDULED when the post is not scheduled, or a network has already started.',
        params: PostIdParamsSchema,
        response: { 200: PostSchema, 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request) => posts.cancel(userOf(request), request.params.id),
  );

  r.post(
    '/api/posts/:id/retry',
    {
      onRequest: schedules,
      schema: {
        tags,
        summary: 'Send the failed networks of a post again, now (the published ones are left alone)',
        params: PostIdParamsSchema,
        response: { 200: PostSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => posts.retry(userOf(request), request.params.id),
  );

  r.delete(
    '/api/posts/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Delete one of your posts',
        params: PostIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      await posts.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
