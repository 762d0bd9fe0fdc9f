import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  TemplateIdParamsSchema,
  TemplateListQuerySchema,
  TemplateListSchema,
  TemplateSchema,
  TEMPLATES_MAX,
  TemplateWriteSchema,
} from '../../shared/api/templates.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { TemplatesService } from './templates.service';

const E = ApiErrorSchema;

export async function templatesRoutes(
  app: FastifyInstance,
  {
    templates,
    guards,
    createsPerMinute,
  }: { templates: TemplatesService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('write')];
  const tags = ['templates'];

  r.get(
    '/api/templates',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of your templates, newest first (the three samples are added the first time)',
        description:
          '`limit` (default 50, at most 100) and `offset` page through them; `total` counts them all, of ' +
          '`category` if given.',
        querystring: TemplateListQuerySchema,
        response: { 200: TemplateListSchema, 400: E, 401: E },
      },
    },
    async (request) => templates.list(userOf(request), request.query),
  );
  r.post(
    '/api/templates',
    {
      onRequest: writes,
      config: { rateLimit: creationRate(createsPerMinute, 'new templates') },
      schema: {
        tags,
        summary: 'Create a template',
        description: `At most ${TEMPLATES_MAX} per user (409 TOO_MANY_TEMPLATES), ${createsPerMinute} a minute (429).`,
        body: TemplateWriteSchema,
        response: { 201: TemplateSchema, 400: E, 401: E, 409: E, 429: E },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(userOf(request), request.body)),
  );
  r.put(
    '/api/templates/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Change a template',
        params: TemplateIdParamsSchema,
        body: TemplateWriteSchema,
        response: { 200: TemplateSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => templates.update(userOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/templates/:id',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Delete a template',
        params: TemplateIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await templates.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
