import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TrialIdParamsSchema,
  TrialListQuerySchema,
  TrialListSchema,
  TrialApprovalSchema,
  TrialRequestSchema,
} from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { TrialRequestBodySchema, TrialRequestResultSchema } from '../../shared/api/trials.schemas';
import { canManageUsers, isSuperAdmin } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { TrialsService } from './trials.service';

const E = ApiErrorSchema;

export interface TrialsRoutesDeps {
  trials: TrialsService;
  guards: Guards;
  perIpPerHour: number;
}

export async function trialsRoutes(app: FastifyInstance, { trials, guards, perIpPerHour }: TrialsRoutesDeps) {
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
      const result = await trials.request(request.body);
      if (result.status === 'received') request.log.info({ email: request.body.email }, 'trial requested');
      return reply.status(result.status === 'received' ? 201 : 200).send(result);
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

  r.post(
    '/api/trials/:id/approve',
    {
      onRequest: guards.requireRole(isSuperAdmin),
      schema: {
        tags: ['trials'],
        summary:
          'Approve: creates the trial account and mails it a set-password link, also answered when no mail server is configured (super_admin)',
        params: TrialIdParamsSchema,
        response: { 200: TrialApprovalSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => trials.approve(userOf(request), request.params.id),
  );

  r.post(
    '/api/trials/:id/reject',
    {
      onRequest: guards.requireRole(isSuperAdmin),
      schema: {
        tags: ['trials'],
        summary: 'Reject a pending trial request (super_admin)',
        params: TrialIdParamsSchema,
        response: { 200: TrialRequestSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => trials.reject(userOf(request), request.params.id),
  );
}
