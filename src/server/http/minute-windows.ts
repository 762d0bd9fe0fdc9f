const WINDOW_MS = 60_000;
const MAX_TRACKED = 100_000;

/**
 * An amount per key per minute, counted in this process (a fixed one-minute window per key): calls per
 * API token, upload bytes per user. With several API processes each counts its own share. At most
 * 100,000 keys are kept: past that, windows that have ended go first, then the oldest.
 */
export function createMinuteWindows(limit: number, clock: () => Date) {
  const windows = new Map<string, { start: number; used: number }>();
  const current = (key: string, now: number) => {
    let window = windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (!window && windows.size >= MAX_TRACKED) {
        for (const [id, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(id);
        // Still full of live windows: the oldest goes (its key gets a fresh minute, nothing worse).
        if (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value!);
      }
      window = { start: now, used: 0 };
      windows.delete(key);
      windows.set(key, window);
    }
    return window;
  };
  return {
    /** Seconds to wait while the key has used its minute up; null when it may go on. */
    wait(key: string): number | null {
      const now = clock().getTime();
      const window = current(key, now);
      return window.used < limit ? null : Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    },
    add(key: string, amount: number) {
      current(key, clock().getTime()).used += amount;
    },
  };
}
export type MinuteWindows = ReturnType<typeof createMinuteWindows>;
