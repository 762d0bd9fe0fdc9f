import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from '../db/client';

/**
 * Wakes a queue's workers at the instant its next job comes due, instead of at their next poll (issue
 * 15: a poll every half second made posts up to half a second late). Every `lookMs` it asks the database
 * how long until the queue's earliest waiting job is due (measured on the database's clock, which is the
 * one pg-boss compares with) and, when that falls before the next look, arms a timer for it; after each
 * wake-up and each batch it looks again, so a run of jobs due close together is woken one by one.
 * pg-boss still polls as before: this only makes it fetch earlier, never changes what it fetches.
 */
export function createDueWake(
  database: SqlExecutor,
  logger: FastifyBaseLogger,
  options: { queue: string; lookMs: number; wake: () => void },
) {
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  // `state < 'active'` (created, retry) is the condition of pg-boss's own (name, start_after) index.
  const untilNextDue = async () => {
    const { rows } = await database.executeSql(
      `select extract(epoch from (min(start_after) - now())) * 1000 as ms
         from pgboss.job where name = $1 and state < 'active' and start_after > now()`,
      [options.queue],
    );
    const ms = (rows as { ms: string | number | null }[])[0]?.ms;
    return ms === null || ms === undefined ? null : Number(ms);
  };

  // An armed timer is kept until it fires: a look that runs at the instant its job comes due no longer
  // sees that job (no longer in the future) and must not call the wake-up off.
  let armedFor = Infinity;
  const look = async () => {
    const ms = await untilNextDue();
    if (stopped || ms === null || ms > options.lookMs) return;
    const at = Date.now() + Math.max(1, Math.ceil(ms));
    if (at >= armedFor) return;
    clearTimeout(timer);
    armedFor = at;
    timer = setTimeout(() => {
      timer = undefined;
      armedFor = Infinity;
      options.wake();
      lookSoon();
    }, at - Date.now());
    timer.unref();
  };

  /** Looks now, or right after the look in progress (which may have missed what just changed). */
  function lookSoon() {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = look()
      .catch((error: unknown) => logger.warn({ err: error, queue: options.queue }, 'next-due lookup failed'))
      .finally(() => {
        looking = undefined;
        if (again) {
          again = false;
          lookSoon();
        }
      });
  }

  const ticker = setInterval(lookSoon, options.lookMs);
  ticker.unref();
  lookSoon();
  return {
    lookSoon,
    stop() {
      stopped = true;
      clearInterval(ticker);
      clearTimeout(timer);
    },
  };
}
