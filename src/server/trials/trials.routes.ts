import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TrialIdParamsSchema,
  TrialListQuerySchema,
  TrialListSchema,
  TrialRequestSchema,
} from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { TrialRequestBodySchema, TrialRequestResultSchema } from '../../shared/api/trials.schemas';
import { canManageUsers, isSuperAdmin } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { TrialsRepo } from './trials.repo';
import type { TrialsService } from './trials.service';

const E = ApiErrorSchema;

export interface TrialsRoutesDeps {
  repo: TrialsRepo;
  trials: TrialsService;
  guards: Guards;
  perIpPerHour: number;
}

export async function trialsRoutes(
  app: FastifyInstance,
  { repo, trials, guards, perIpPerHour }: TrialsRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trials',
    {
      config: { rateLimit: { max: perIpPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['trials'],
        summary: 'Ask for a free trial; an administrator approves it later',
        body: TrialRequestBodySchema,
        response: { 200: TrialRequestResultSchema, 201: TrialRequestResultSchema, 400: E, 429: E },
      },
    },
    async (request, reply) => {
      const stored = await repo.insertIfNew(request.body);
      if (stored) request.log.info({ email: request.body.email }, 'trial requested');
      return stored
        ? reply.status(201).send({ status: 'received' })
        : reply.status(200).send({ status: 'already_requested' });
    },
  );

  r.get(
    '/api/trials',
    {
      onRequest: guards.requireRole(canManageUsers),
      schema: {
        tags: ['trials'],
        summary: 'Trial requests, newest first (admin, super_admin)',
        querystring: TrialListQuerySchema,
        response: { 200: TrialListSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request) => trials.list(request.query.status),
  );

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/trials/:id/${decision}`,
      {
        onRequest: guards.requireRole(isSuperAdmin),
        schema: {
          tags: ['trials'],
          summary:
            decision === 'approve'
              ? 'Approve: creates the trial account and mails it a set-password link (super_admin)'
              : 'Reject a pending trial request (super_admin)',
          params: TrialIdParamsSchema,
          response: { 200: TrialRequestSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
        },
      },
      async (request) => trials[decision](userOf(request), request.params.id),
    );
  }
}
