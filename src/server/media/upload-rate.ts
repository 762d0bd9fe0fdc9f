const WINDOW_MS = 60_000;
const MAX_TRACKED = 100_000;

/**
 * Upload bytes per user per minute, counted in this process as they arrive (a fixed one-minute window per
 * user). With several API processes each counts its own share; the storage quota, kept in the database,
 * is the bound that holds across them.
 */
export function createUploadRate(bytesPerMinute: number, clock: () => Date) {
  const windows = new Map<string, { start: number; bytes: number }>();
  const current = (userId: string, now: number) => {
    let window = windows.get(userId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (!window && windows.size >= MAX_TRACKED) {
        for (const [id, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(id);
        if (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value!);
      }
      window = { start: now, bytes: 0 };
      windows.set(userId, window);
    }
    return window;
  };
  return {
    /** Seconds the user must wait before the next upload, or null when they may send one now. */
    wait(userId: string): number | null {
      const now = clock().getTime();
      const window = current(userId, now);
      if (window.bytes < bytesPerMinute) return null;
      return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    },
    add(userId: string, bytes: number) {
      current(userId, clock().getTime()).bytes += bytes;
    },
  };
}
export type UploadRate = ReturnType<typeof createUploadRate>;
