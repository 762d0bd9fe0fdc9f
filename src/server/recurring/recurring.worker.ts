import type { FastifyBaseLogger } from 'fastify';
import type { RecurringService } from './recurring.service';

/**
 * Runs the recurring round every `intervalMs` in a worker process. The round is safe to run in any number
 * of processes at once (rules are locked with SKIP LOCKED, occurrences keyed), and rounds of this process
 * never overlap: the next waits for the one before.
 */
export function createRecurringWorker(
  service: Pick<RecurringService, 'makeDueOccurrences'>,
  { intervalMs, logger }: { intervalMs: number; logger: FastifyBaseLogger },
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = service
      .makeDueOccurrences()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'recurring round failed'))
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
