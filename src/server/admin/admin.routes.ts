import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminStatsQuerySchema, AdminStatsSchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { canManageUsers } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { AdminService } from './admin.service';

export async function adminRoutes(app: FastifyInstance, deps: { admin: AdminService; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/stats',
    {
      onRequest: deps.guards.requireRole(canManageUsers),
      schema: {
        tags: ['admin'],
        summary:
          'Counts for the admin dashboard; "today" is the day in the tz query (IANA zone, default UTC)',
        querystring: AdminStatsQuerySchema,
        response: { 200: AdminStatsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => deps.admin.stats(userOf(request), request.query.tz),
  );
}
