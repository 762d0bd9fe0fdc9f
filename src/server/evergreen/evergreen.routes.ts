import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  EVERGREEN_VARIANTS_MAX,
  EvergreenListSchema,
  EvergreenSchema,
  EvergreenWriteSchema,
  PostEvergreenSchema,
} from '../../shared/api/evergreen.schemas';
import { PostIdParamsSchema } from '../../shared/api/posts.schemas';
import { type Guards, userOf } from '../auth/session';
import type { EvergreenService } from './evergreen.service';

const E = ApiErrorSchema;

/** Evergreen recycling (issue 27): posts that return to the queue after they went out. */
export async function evergreenRoutes(
  app: FastifyInstance,
  { evergreen, guards }: { evergreen: EvergreenService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('scheduleWithoutApproval')];
  const tags = ['evergreen'];
  const description =
    'After the post (or its last copy) is published, a copy of it returns `everyDays` later: into each ' +
    'account’s queue when it has one, else out at once; at most `maxTimes` times and not after `until`. ' +
    `Round r uses text r mod (1 + variants): the post’s own, then each variant (plain text, at most ${EVERGREEN_VARIANTS_MAX}) in turn. ` +
    'X and LinkedIn refuse the text they had the round before: they are left out of that round (`skipped`). ' +
    'Each account’s queue holds one waiting copy at a time; due posts take turns, the one shared longest ago first.';

  r.get(
    '/api/evergreen',
    {
      onRequest,
      schema: {
        tags,
        summary: "The workspace's evergreen posts, each with where it stands and when its next copy comes",
        description,
        response: { 200: EvergreenListSchema, 401: E },
      },
    },
    async (request) => evergreen.list(userOf(request)),
  );
  r.get(
    '/api/posts/:id/evergreen',
    {
      onRequest,
      schema: {
        tags,
        summary: "A post's evergreen settings (null when it is not evergreen)",
        params: PostIdParamsSchema,
        response: { 200: PostEvergreenSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => evergreen.ofPost(userOf(request), request.params.id),
  );
  r.put(
    '/api/posts/:id/evergreen',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Make a post evergreen, or change how (pause it, resume it)',
        description: `${description} Each variant is checked against the post's networks (400 naming \`variants.N\`). A recycled copy cannot itself be made evergreen (409 EVERGREEN_COPY).`,
        params: PostIdParamsSchema,
        body: EvergreenWriteSchema,
        response: { 200: EvergreenSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => evergreen.set(userOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/posts/:id/evergreen',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Stop recycling a post; the copies made stay',
        params: PostIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await evergreen.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
