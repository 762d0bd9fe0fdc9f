import type { FastifyBaseLogger } from 'fastify';

/**
 * A worker's rounds: `round` at start, then `intervalMs` after each one ends, so rounds of this process
 * never overlap (`every` instead keeps a fixed beat). A round that fails is logged (`what` names it) and
 * the next tries again. The rounds themselves must be safe in any number of processes at once.
 */
export function rounds(
  round: () => Promise<unknown>,
  { intervalMs, logger, what }: { intervalMs: number; logger: FastifyBaseLogger; what: string },
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = round()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
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
      await running;
    },
  };
}
