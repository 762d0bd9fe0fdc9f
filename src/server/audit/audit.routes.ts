import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListSchema, AuditQuerySchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { isSuperAdmin } from '../../shared/roles';
import type { Guards } from '../auth/session';
import type { AuditRepo } from './audit.repo';

export async function auditRoutes(app: FastifyInstance, deps: { audit: AuditRepo; guards: Guards }) {
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
    async (request) => {
      const rows = await deps.audit.recent(request.query.limit);
      return {
        data: rows.map((r) => ({
          id: r.id,
          actorEmail: r.actorEmail,
          action: r.action,
          targetEmail: r.targetEmail,
          details: r.details,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
