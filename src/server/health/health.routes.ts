import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { type Health, HealthSchema } from '../../shared/api/health.schemas';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { WORKER_SEEN_WITHIN_MS } from '../monitoring/heartbeat';
import type { MonitoringRepo } from '../monitoring/monitoring.repo';

/** A queue lag above this many seconds makes the status `degraded`. */
const LAG_DEGRADED_SECONDS = 120;

export async function healthRoutes(
  app: FastifyInstance,
  deps: { database: Database; monitoring: Pick<MonitoringRepo, 'health'>; clock: () => Date },
) {
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
    async (): Promise<Health> => {
      try {
        await deps.database.ping();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database does not answer');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database does not answer.');
      }
      const now = deps.clock();
      let read: Awaited<ReturnType<MonitoringRepo['health']>> | null = null;
      try {
        read = await deps.monitoring.health(now);
      } catch (error) {
        app.log.error({ err: error }, 'health check: the job queue does not answer');
      }
      const seenAgo = read?.workerSeenAt
        ? Math.max(0, Math.round((now.getTime() - read.workerSeenAt.getTime()) / 1000))
        : null;
      const worker = seenAgo !== null && seenAgo * 1000 <= WORKER_SEEN_WITHIN_MS ? 'ok' : 'missing';
      const lag = read?.lagSeconds ?? 0;
      const healthy = read !== null && worker === 'ok' && lag <= LAG_DEGRADED_SECONDS;
      return {
        status: healthy ? 'ok' : 'degraded',
        database: 'ok',
        queue: read ? 'ok' : 'unavailable',
        worker,
        workerSeenSecondsAgo: seenAgo,
        queueLagSeconds: lag,
      };
    },
  );
}
