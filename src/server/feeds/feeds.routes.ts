import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  FEEDS_MAX,
  FeedIdParamsSchema,
  FeedListSchema,
  FeedSchema,
  FeedWriteSchema,
} from '../../shared/api/feeds.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { FeedsService } from './feeds.service';

const E = ApiErrorSchema;

/** RSS and Atom auto-posting (issue 27): the workspace's feeds. */
export async function feedsRoutes(
  app: FastifyInstance,
  { feeds, guards, createsPerMinute }: { feeds: FeedsService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('scheduleWithoutApproval')];
  const tags = ['feeds'];
  const description =
    'A feed is read every `intervalMinutes` (15 to 1440; later after errors) by the workers; each new item ' +
    'becomes a post from `template` ({{title}}, {{link}}, {{summary}}, {{author}}): a draft, a post in the ' +
    'accounts’ queues, or one published at once (`mode`). The items there when a feed is added are not ' +
    'posted. The address must be http(s) on a public address (the webhooks’ policy), redirects included.';

  r.get(
    '/api/feeds',
    {
      onRequest,
      schema: {
        tags,
        summary: "The workspace's feeds, each with when it was last read and why that failed, if it did",
        response: { 200: FeedListSchema, 401: E },
      },
    },
    async (request) => feeds.list(userOf(request)),
  );
  r.post(
    '/api/feeds',
    {
      onRequest: writes,
      config: { rateLimit: creationRate(createsPerMinute, 'new feeds') },
      schema: {
        tags,
        summary: 'Add a feed; it is read within a minute',
        description: `${description} At most ${FEEDS_MAX} per workspace (409 TOO_MANY_FEEDS).`,
        body: FeedWriteSchema,
        response: { 201: FeedSchema, 400: E, 401: E, 403: E, 409: E, 429: E },
      },
    },
    async (request, reply) => reply.status(201).send(await feeds.create(userOf(request), request.body)),
  );
  r.put(
    '/api/feeds/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Change a feed (pause it, resume it); a new address starts it over',
        description,
        params: FeedIdParamsSchema,
        body: FeedWriteSchema,
        response: { 200: FeedSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => feeds.update(userOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/feeds/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Remove a feed; the posts it made stay',
        params: FeedIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await feeds.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
