import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListSchema, AuditQuerySchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { isSuperAdmin } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { AuditService } from './audit.service';

export async function auditRoutes(app: FastifyInstance, deps: { audit: AuditService; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      onRequest: deps.guards.requireRole(isSuperAdmin),
      schema: {
        tags: ['admin'],
        summary: 'The newest administrative actions and refused attempts (super_admin)',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => deps.audit.recent(userOf(request), request.query.limit),
  );
}
