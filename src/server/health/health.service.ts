import type { FastifyBaseLogger } from 'fastify';
import type { Health } from '../../shared/api/health.schemas';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { WORKER_SEEN_WITHIN_MS } from '../monitoring/heartbeat';

/** What monitoring reads for health: when a worker was last seen (null: never), the oldest due wait. */
interface WorkReading {
  workerSeenAt: Date | null;
  lagSeconds: number;
}

/** A queue lag above this many seconds makes the status `degraded`. */
const LAG_DEGRADED_SECONDS = 120;

/**
 * Whether the app can do its work: the database answers (else 503), a worker was seen within a minute,
 * and how long the oldest due job has waited. Anyone may ask; the answer is status words and numbers.
 */
export function createHealthService(deps: {
  database: Pick<Database, 'ping'>;
  monitoring: { health(now: Date): Promise<WorkReading> };
  clock: () => Date;
  logger: FastifyBaseLogger;
}) {
  return {
    async check(): Promise<Health> {
      try {
        await deps.database.ping();
      } catch (error) {
        deps.logger.error({ err: error }, 'health check: database does not answer');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database does not answer.');
      }
      const now = deps.clock();
      let read: WorkReading | null = null;
      try {
        read = await deps.monitoring.health(now);
      } catch (error) {
        deps.logger.error({ err: error }, 'health check: the job queue does not answer');
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
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
