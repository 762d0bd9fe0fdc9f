import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema, DASHBOARD_LIST_MAX, UPCOMING_DAYS } from '../../shared/api/dashboard.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { type Guards, userOf } from '../auth/session';
import type { DashboardService } from './dashboard.service';

export async function dashboardRoutes(
  app: FastifyInstance,
  { dashboard, guards }: { dashboard: DashboardService; guards: Guards },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'Your start page: upcoming posts, recent results, failures, accounts to reconnect, drafts',
        description:
          `Upcoming: scheduled within the next ${UPCOMING_DAYS} days (or being published), soonest first. ` +
          'Recent: published or partly failed, newest first, with each live post. Failures: posts with a ' +
          `failed network and why, latest first. At most ${DASHBOARD_LIST_MAX} items per list, each with ` +
          'the total of the whole list.',
        response: { 200: DashboardSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => dashboard.get(userOf(request)),
  );
}
