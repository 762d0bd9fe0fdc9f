import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `round` every `everyMs` once started, never keeping the process alive, and logs a round that
 * fails (`what` names it) instead of stopping: the next round tries again. The first round comes after
 * `everyMs`.
 */
export function every(
  everyMs: number,
  round: () => Promise<unknown>,
  logger: FastifyBaseLogger,
  what: string,
) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => {
        round().catch((error: unknown) => logger.error({ err: error }, `${what} failed`));
      }, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
