/**
 * Calls per token per minute, counted in this process (a fixed one-minute window per token). With
 * several API processes behind a balancer each counts its own share, so the limit is per process; the
 * per-IP limits of sign-in and uploads apply as well.
 */
export function createTokenRate(perMinute: number, clock: () => Date) {
  const windows = new Map<string, { start: number; used: number }>();
  const WINDOW_MS = 60_000;
  const MAX_TRACKED = 100_000;
  return {
    /** Counts one call; answers how many seconds to wait when the token has used its minute up. */
    take(tokenId: string): number | null {
      const now = clock().getTime();
      let window = windows.get(tokenId);
      if (!window || now - window.start >= WINDOW_MS) {
        if (!window && windows.size >= MAX_TRACKED) {
          for (const [id, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(id);
          // Still full of live windows: the oldest goes (its token gets a fresh minute, nothing worse).
          if (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value!);
        }
        window = { start: now, used: 0 };
        windows.delete(tokenId);
        windows.set(tokenId, window);
      }
      if (window.used >= perMinute) return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      window.used += 1;
      return null;
    },
  };
}
export type TokenRate = ReturnType<typeof createTokenRate>;
