import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { HealthSchema } from '../../shared/api/health.schemas';
import type { HealthService } from './health.service';

export async function healthRoutes(app: FastifyInstance, deps: { health: HealthService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Up, the database answers, a worker was seen in the last minute, and the queue lag',
        description:
          'status is `degraded` (still 200) when the queue does not answer, no worker was seen in the last ' +
          'minute, or the oldest due job has waited over two minutes. 503 when the database does not answer.',
        response: { 200: HealthSchema, 503: ApiErrorSchema },
      },
    },
    async () => deps.health.check(),
  );
}
