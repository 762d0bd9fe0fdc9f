import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  CustomHashtagBodySchema,
  HashtagsSchema,
  RecentHashtagBodySchema,
  SuggestionsSchema,
  SuggestQuerySchema,
} from '../../shared/api/hashtags.schemas';
import { HASHTAG_CATEGORIES, suggestHashtags } from '../../shared/hashtags';
import { type Guards, userOf } from '../auth/session';
import { notFound } from '../http/errors';
import type { HashtagsRepo } from './hashtags.repo';

const E = ApiErrorSchema;

export async function hashtagsRoutes(
  app: FastifyInstance,
  { hashtags, guards }: { hashtags: HashtagsRepo; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['hashtags'];

  const state = async (userId: string) => {
    const custom: Record<string, string[]> = {};
    for (const row of await hashtags.custom(userId)) (custom[row.category] ??= []).push(row.tag);
    return {
      categories: HASHTAG_CATEGORIES as unknown as Record<string, string[]>,
      custom,
      recent: await hashtags.recent(userId),
    };
  };

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
    async (request) => state(userOf(request).id),
  );

  r.get(
    '/api/hashtags/suggestions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Up to 15 tags for a keyword: exact, then prefix, then shorter',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestionsSchema, 400: E, 401: E },
      },
    },
    async (request) => {
      const custom = (await hashtags.custom(userOf(request).id)).map((row) => row.tag);
      return { data: suggestHashtags(request.query.q, custom) };
    },
  );

  r.post(
    '/api/hashtags/custom',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a custom tag to a category',
        body: CustomHashtagBodySchema,
        response: { 200: HashtagsSchema, 400: E, 401: E },
      },
    },
    async (request) => {
      const { id } = userOf(request);
      await hashtags.addCustom(id, request.body.category, request.body.tag);
      return state(id);
    },
  );

  r.delete(
    '/api/hashtags/custom/:category/:tag',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove a custom tag',
        params: CustomHashtagBodySchema,
        response: { 200: HashtagsSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => {
      const { id } = userOf(request);
      const { category, tag } = request.params;
      if (!(await hashtags.removeCustom(id, category, tag))) throw notFound(`#${tag} in ${category}`);
      return state(id);
    },
  );

  r.post(
    '/api/hashtags/recent',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Note that a tag was added to a post',
        body: RecentHashtagBodySchema,
        response: { 200: z.object({ recent: z.array(z.string()) }), 400: E, 401: E },
      },
    },
    async (request) => {
      const { id } = userOf(request);
      await hashtags.touchRecent(id, request.body.tag);
      return { recent: await hashtags.recent(id) };
    },
  );
}
