import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { TrialRequestBodySchema, TrialRequestResultSchema } from '../../shared/api/trials.schemas';
import type { TrialsRepo } from './trials.repo';

export async function trialsRoutes(app: FastifyInstance, deps: { trials: TrialsRepo; perIpPerHour: number }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/trials',
    {
      config: { rateLimit: { max: deps.perIpPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['trials'],
        summary: 'Ask for a free trial; an administrator approves it later',
        body: TrialRequestBodySchema,
        response: {
          200: TrialRequestResultSchema,
          201: TrialRequestResultSchema,
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const stored = await deps.trials.insertIfNew(request.body);
      if (stored) request.log.info({ email: request.body.email }, 'trial requested');
      return stored
        ? reply.status(201).send({ status: 'received' })
        : reply.status(200).send({ status: 'already_requested' });
    },
  );
}
