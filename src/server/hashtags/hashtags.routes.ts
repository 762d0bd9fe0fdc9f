import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  CUSTOM_HASHTAGS_MAX,
  CustomHashtagBodySchema,
  HashtagsSchema,
  RecentHashtagBodySchema,
  SuggestionsSchema,
  SuggestQuerySchema,
} from '../../shared/api/hashtags.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { HashtagsService } from './hashtags.service';

const E = ApiErrorSchema;

export async function hashtagsRoutes(
  app: FastifyInstance,
  {
    hashtags,
    guards,
    createsPerMinute,
  }: { hashtags: HashtagsService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('write')];
  const tags = ['hashtags'];

  r.get(
    '/api/hashtags',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Built-in categories, your custom tags and your recently used ones',
        response: { 200: HashtagsSchema, 401: E },
      },
    },
    async (request) => hashtags.state(userOf(request)),
  );

  r.get(
    '/api/hashtags/suggestions',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Up to 15 tags for a keyword (itself first when it can be a tag), among the built-in, the workspace's own and its best-performing ones; with no keyword, the post's words",
        querystring: SuggestQuerySchema,
        response: { 200: SuggestionsSchema, 400: E, 401: E },
      },
    },
    async (request) => hashtags.suggest(userOf(request), request.query.q, request.query.text),
  );

  r.post(
    '/api/hashtags/custom',
    {
      onRequest: writes,
      config: { rateLimit: creationRate(createsPerMinute, 'new custom hashtags') },
      schema: {
        tags,
        summary: 'Add a custom tag to a category',
        description: `At most ${CUSTOM_HASHTAGS_MAX} per user, all categories together (409 TOO_MANY_HASHTAGS), ${createsPerMinute} a minute (429).`,
        body: CustomHashtagBodySchema,
        response: { 200: HashtagsSchema, 400: E, 401: E, 409: E, 429: E },
      },
    },
    async (request) => hashtags.addCustom(userOf(request), request.body.category, request.body.tag),
  );

  r.delete(
    '/api/hashtags/custom/:category/:tag',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Remove a custom tag',
        params: CustomHashtagBodySchema,
        response: { 200: HashtagsSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => hashtags.removeCustom(userOf(request), request.params.category, request.params.tag),
  );

  r.post(
    '/api/hashtags/recent',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Note that a tag was added to a post',
        body: RecentHashtagBodySchema,
        response: { 200: z.object({ recent: z.array(z.string()) }), 400: E, 401: E },
      },
    },
    async (request) => hashtags.touchRecent(userOf(request), request.body.tag),
  );
}
