import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  TemplateIdParamsSchema,
  TemplateListQuerySchema,
  TemplateListSchema,
  TemplateSchema,
  TemplateWriteSchema,
} from '../../shared/api/templates.schemas';
import { type Guards, userOf } from '../auth/session';
import type { TemplatesService } from './templates.service';

const E = ApiErrorSchema;

export async function templatesRoutes(
  app: FastifyInstance,
  { templates, guards }: { templates: TemplatesService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['templates'];

  r.get(
    '/api/templates',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your templates (the three samples are added the first time)',
        querystring: TemplateListQuerySchema,
        response: { 200: TemplateListSchema, 400: E, 401: E },
      },
    },
    async (request) => templates.list(userOf(request), request.query.category),
  );
  r.post(
    '/api/templates',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a template',
        body: TemplateWriteSchema,
        response: { 201: TemplateSchema, 400: E, 401: E },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(userOf(request), request.body)),
  );
  r.put(
    '/api/templates/:id',
    {
      onRequest,
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
      onRequest,
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
