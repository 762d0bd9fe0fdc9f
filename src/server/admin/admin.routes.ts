import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminStatsQuerySchema, AdminStatsSchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { canManageUsers } from '../../shared/roles';
import { zonedDayRange } from '../../shared/time/zoned-day';
import type { Guards } from '../auth/session';
import type { AdminRepo } from './admin.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function adminRoutes(
  app: FastifyInstance,
  deps: { admin: AdminRepo; guards: Guards; clock: () => Date },
) {
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
    async (request) => {
      const now = deps.clock();
      const today = zonedDayRange(now, request.query.tz);
      const [users, trialsPending, postsScheduledToday, failuresLast24h] = await Promise.all([
        deps.admin.users(),
        deps.admin.trialsPending(),
        deps.admin.postsDueBetween(today.start, today.end),
        deps.admin.targetsFailedSince(new Date(now.getTime() - DAY_MS)),
      ]);
      return { users, trialsPending, postsScheduledToday, failuresLast24h };
    },
  );
}
