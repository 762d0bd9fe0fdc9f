import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminStatsSchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { canManageUsers } from '../../shared/roles';
import type { Guards } from '../auth/session';
import type { TrialsRepo } from '../trials/trials.repo';
import type { UsersRepo } from '../users/users.repo';

/** The admin dashboard's figures; the post counts join in when the posts feature lands. */
export async function adminRoutes(
  app: FastifyInstance,
  deps: { users: UsersRepo; trials: TrialsRepo; guards: Guards },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/stats',
    {
      onRequest: deps.guards.requireRole(canManageUsers),
      schema: {
        tags: ['admin'],
        summary: 'Counts for the admin dashboard (admin, super_admin)',
        response: { 200: AdminStatsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => ({
      users: await deps.users.count(),
      trialsPending: await deps.trials.countPending(),
      postsScheduledToday: null,
      failuresLast24h: null,
    }),
  );
}
