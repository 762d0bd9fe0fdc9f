/**
 * The room of one worker (decision 036): how many targets it publishes at once, and the one loop that
 * claims more. `wake()` claims due work up to the room there is, a page at a time while pages come back
 * full; a wake-up during a claim makes it look once more when done. While others run, it waits for a
 * good page (`refillAt` places, or empty hands), since a claim costs about the same for 1 target as for
 * 50; the place a target frees is claimed again then.
 */
export function createClaimLoop<T>(options: {
  /** Targets published at once at most (PUBLISH_CONCURRENCY). */
  capacity: number;
  /** The most one claim takes. */
  page: number;
  /** With targets running, claim again once this much room is free. */
  refillAt: number;
  claim: (room: number) => Promise<T[]>;
  /** Publishes and records one claimed target; never throws. */
  run: (item: T) => Promise<void>;
  /**
   * After each wake-up, with how many targets it took and when (`performance.now()`) its last claim
   * began, or null when it stopped for want of room (it claims again when room frees).
   */
  claimed?: (taken: number, began: number | null) => void;
  onError: (error: unknown) => void;
}) {
  let running = 0;
  let claiming = false;
  let again = false;
  let waitingForRoom = false;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  const start = (item: T) => {
    running++;
    const task: Promise<void> = options.run(item).finally(() => {
      running--;
      inFlight.delete(task);
      freed();
    });
    inFlight.add(task);
  };

  /**
   * Claims until everything due is taken or the room is full; says how many it took and when the claim
   * that found no more began (null: the room filled first).
   */
  const round = async () => {
    let taken = 0;
    for (;;) {
      const room = Math.min(options.page, options.capacity - running);
      if (room <= 0 || (room < options.refillAt && running > 0)) {
        waitingForRoom = true;
        return { taken, began: null };
      }
      const began = performance.now();
      const items = await options.claim(room);
      taken += items.length;
      for (const item of items) start(item);
      // Fewer than there was room for: everything due was taken, and asking again would find none.
      if (items.length < room) return { taken, began };
    }
  };

  function freed() {
    if (waitingForRoom && !stopped && (options.capacity - running >= options.refillAt || running === 0)) {
      waitingForRoom = false;
      void wake();
    }
  }

  async function wake(): Promise<void> {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    let taken = 0;
    let began: number | null = null;
    try {
      do {
        again = false;
        const done = await round();
        taken += done.taken;
        began = done.began;
      } while (again && !stopped);
    } catch (error) {
      options.onError(error);
    } finally {
      claiming = false;
    }
    options.claimed?.(taken, began);
  }

  return {
    wake,
    /** Targets being published now. */
    running: () => running,
    /** Claims no more; resolves once the targets in hand are done. */
    async stop() {
      stopped = true;
      await Promise.all(inFlight);
    },
  };
}
