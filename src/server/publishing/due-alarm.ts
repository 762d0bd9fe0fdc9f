import type { FastifyBaseLogger } from 'fastify';

/**
 * Rings at the instant the next target comes due, so that the claim runs then rather than at a poll
 * (issue 15: a poll every half second made posts up to half a second late). Every `lookMs`, after each
 * claim, and whenever `lookSoon` is called (a change to posts, by any process), it asks how long until
 * the earliest due time (`untilNextDue`, on the claims' clock); when that falls before the next look it
 * arms a timer for it, and when a target is due already it rings at once, unless a claim that began
 * after that time took nothing (another worker holds it, or this one had no room): then at most once
 * per `lookMs`.
 */
export function createDueAlarm(options: {
  untilNextDue: () => Promise<number | null>;
  lookMs: number;
  ring: () => void;
  logger: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let ticker: NodeJS.Timeout | undefined;
  /** When (`performance.now()`) a claim that took nothing began. */
  let emptyAt = -Infinity;

  // An armed timer is kept until it rings: a look that runs at the instant its target comes due sees it
  // due already and must not call the ring off.
  let armedFor = Infinity;
  const look = async () => {
    const ms = await options.untilNextDue();
    if (stopped || ms === null || ms > options.lookMs) return;
    if (ms <= 0) {
      const now = performance.now();
      const seenByEmptyClaim = now + ms <= emptyAt && now - emptyAt < options.lookMs;
      if (!seenByEmptyClaim) options.ring();
      return;
    }
    const at = Date.now() + Math.max(1, Math.ceil(ms));
    if (at >= armedFor) return;
    clearTimeout(timer);
    armedFor = at;
    arm(at);
  };
  // Node may fire a timer a millisecond before `Date.now()` reaches its instant; a ring then would find
  // nothing due and hold the next ring back a whole look. The timer waits out the rest instead.
  const arm = (at: number) => {
    timer = setTimeout(() => {
      if (Date.now() < at) return arm(at);
      timer = undefined;
      armedFor = Infinity;
      options.ring();
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
      .catch((error: unknown) => options.logger.warn({ err: error }, 'next-due lookup failed'))
      .finally(() => {
        looking = undefined;
        if (again) {
          again = false;
          lookSoon();
        }
      });
  }

  return {
    lookSoon,
    /**
     * A claim ended, having taken `taken` targets. `began` is when (`performance.now()`) the last claim
     * began, or null when it stopped for want of room (the claims resume when room frees).
     */
    claimed(taken: number, began: number | null) {
      if (began === null) {
        emptyAt = performance.now();
        return;
      }
      if (taken === 0) emptyAt = began;
      // Looks again either way: a timer armed before this claim may have rung for what it took.
      lookSoon();
    },
    start() {
      stopped = false;
      ticker = setInterval(lookSoon, options.lookMs);
      ticker.unref();
      lookSoon();
    },
    stop() {
      stopped = true;
      clearInterval(ticker);
      clearTimeout(timer);
    },
  };
}
