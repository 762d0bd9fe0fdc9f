import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { HealthSchema } from '../../shared/api/health.schemas';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';

export async function healthRoutes(app: FastifyInstance, deps: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Up and the database answers',
        response: { 200: HealthSchema, 503: ApiErrorSchema },
      },
    },
    async () => {
      try {
        await deps.database.ping();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database does not answer');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database does not answer.');
      }
      return { status: 'ok' as const };
    },
  );
}
