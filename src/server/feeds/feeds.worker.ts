import type { FastifyBaseLogger } from 'fastify';
import type { FeedsService } from './feeds.service';

/**
 * Reads the feeds due every `intervalMs` in a worker process. Any number of processes may run it: each
 * feed is taken by one reader (SKIP LOCKED) and each item recorded with its post. Rounds of this process
 * never overlap.
 */
export function createFeedsWorker(
  service: Pick<FeedsService, 'readDue'>,
  { intervalMs, logger }: { intervalMs: number; logger: FastifyBaseLogger },
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = service
      .readDue()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'feed round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  return {
    start() {
      stopped = false;
      tick();
    },
    /** Stops the rounds; resolves once the one running (if any) has ended. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
