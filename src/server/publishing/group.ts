/**
 * Group commit: calls made while a group is being written wait and go together in the next one, and
 * the first call after a quiet spell waits `waitMs` (0: the rest of this turn of the event loop) for
 * others to join it. A burst then costs one statement per group instead of one per call; a lone call
 * waits at most `waitMs`.
 *
 * `run` answers each item in order. If a group of several fails, each item is tried alone, so one bad
 * item cannot fail the others; a lone item's error reaches its caller.
 */
export function grouped<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { waitMs = 0, maxGroup = 200 }: { waitMs?: number; maxGroup?: number } = {},
) {
  interface Waiting {
    item: I;
    resolve: (value: O) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let running = false;

  const settle = async (group: Waiting[]) => {
    try {
      const answers = await run(group.map((w) => w.item));
      group.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const w of group) await settle([w]);
    }
  };

  const drain = async () => {
    while (waiting.length) {
      const group = waiting.slice(0, maxGroup);
      waiting = waiting.slice(maxGroup);
      await settle(group);
    }
    running = false;
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running) return;
      running = true;
      if (waitMs > 0) setTimeout(() => void drain(), waitMs);
      else setImmediate(() => void drain());
    });
}
