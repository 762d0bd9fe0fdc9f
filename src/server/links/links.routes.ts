import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  LinkSettingsSchema,
  LinkSettingsWriteSchema,
  ShortCodeParamsSchema,
  ShortLinkIdParamsSchema,
  ShortLinkListSchema,
  ShortLinkQuerySchema,
  ShortLinkSchema,
  ShortLinkWriteSchema,
} from '../../shared/api/links.schemas';
import { type Guards, userOf } from '../auth/session';
import { AppError } from '../http/errors';
import type { LinksService } from './links.service';

const E = ApiErrorSchema;

/** Short links and UTM (issue 27): the workspace's preset, its links with their clicks, and `/l/<code>`. */
export async function linksRoutes(
  app: FastifyInstance,
  { links, guards }: { links: LinksService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['links'];

  r.get(
    '/api/links/settings',
    {
      onRequest,
      schema: {
        tags,
        summary: "The workspace's links preset: short links, UTM parameters",
        response: { 200: LinkSettingsSchema, 401: E },
      },
    },
    async (request) => links.settings(userOf(request)),
  );
  r.put(
    '/api/links/settings',
    {
      onRequest: [onRequest, guards.may('manageSettings')],
      schema: {
        tags,
        summary: "Change the workspace's links preset",
        description:
          'With `shorten`, each address in a post goes out as a short link of its own per post and network ' +
          '(`<SHORT_LINK_BASE_URL or PUBLIC_URL>/l/<code>`) that counts clicks. With `utm`, each address gets ' +
          '`utm_source` (the network), `utm_medium` and `utm_campaign` (when set), unless it has them. Posts ' +
          'already published keep what they went out with.',
        body: LinkSettingsWriteSchema,
        response: { 200: LinkSettingsSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request) => links.saveSettings(userOf(request), request.body),
  );
  r.get(
    '/api/links',
    {
      onRequest,
      schema: {
        tags,
        summary: "The workspace's short links, newest first, each with its clicks and bots",
        description:
          'Clicks are people; bots are the networks’ link crawlers (previews) and other automated requests, ' +
          'told apart by user agent. Counts are written within a second or two of the click. `post` narrows ' +
          'to one post’s links.',
        querystring: ShortLinkQuerySchema,
        response: { 200: ShortLinkListSchema, 400: E, 401: E },
      },
    },
    async (request) => {
      const { post, limit, offset } = request.query;
      return links.list(userOf(request), { postId: post, limit, offset });
    },
  );
  r.put(
    '/api/links/:id',
    {
      onRequest: [onRequest, guards.may('scheduleWithoutApproval')],
      schema: {
        tags,
        summary: 'Turn a short link off (it answers 404) or on again',
        params: ShortLinkIdParamsSchema,
        body: ShortLinkWriteSchema,
        response: { 200: ShortLinkSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => links.setDisabled(userOf(request), request.params.id, request.body.disabled),
  );
  r.get(
    '/l/:code',
    {
      schema: {
        tags,
        summary: 'A short link: a redirect to where it leads, counting the click',
        description:
          'Answers 302 to the address the post had (with its UTM parameters); an unknown or turned-off code ' +
          'answers 404, and an address that asks for many unknown codes in a minute 429.',
        params: ShortCodeParamsSchema,
        response: { 302: z.null(), 400: E, 404: E, 429: E },
      },
    },
    async (request, reply) => {
      const found = await links.redirect(request.params.code, request.headers['user-agent'], request.ip);
      if (found.kind === 'refused')
        throw new AppError(
          429,
          'RATE_LIMITED',
          'Too many unknown links from this address. Try again later.',
          {
            retryAfterSeconds: 60,
          },
        );
      if (found.kind === 'missing') throw new AppError(404, 'NOT_FOUND', 'This link does not exist.');
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .redirect(found.url, 302);
    },
  );
}
