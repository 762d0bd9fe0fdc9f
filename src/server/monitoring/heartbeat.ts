import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { MonitoringRepo } from './monitoring.repo';

/** How often a worker process says it is alive; `/api/health` calls a worker missing after a minute. */
export const HEARTBEAT_EVERY_MS = 15_000;
export const WORKER_SEEN_WITHIN_MS = 60_000;

/** A worker process's heartbeat row (decision 024), written at once and then every 15 s. */
export function createHeartbeat(
  deps: { repo: Pick<MonitoringRepo, 'beat'>; clock: () => Date; logger: FastifyBaseLogger },
  options: { role: string; everyMs?: number },
) {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  const beat = () =>
    deps.repo
      .beat(id, options.role, deps.clock())
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'worker heartbeat failed'));
  return {
    async start() {
      await beat();
      timer = setInterval(() => void beat(), options.everyMs ?? HEARTBEAT_EVERY_MS);
      timer.unref();
    },
    /**
     * Stops beating. The row stays: its age is how long ago a worker was last seen, so a worker that
     * is restarted is not taken for one that never ran (the worker-missing alert waits 5 minutes).
     */
    stop() {
      clearInterval(timer);
    },
  };
}
