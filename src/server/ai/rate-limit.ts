import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

/**
 * A per-user budget shared by every AI route: `perMinute` calls in a fixed one-minute window. Kept in
 * this process's memory (the AI routes are cheap to refuse and a restart forgives), keyed by user id
 * so people behind one address do not share it. Runs after `requireUser` as an onRequest hook.
 */
export function createUserRateLimit(perMinute: number, clock: () => Date = () => new Date()) {
  const windows = new Map<string, { start: number; count: number }>();
  const WINDOW_MS = 60_000;
  return async (request: FastifyRequest) => {
    const user = request.sessionUser;
    if (!user) return;
    const now = clock().getTime();
    // Forget windows that ended, so the map holds only users active this minute.
    if (windows.size > 1000)
      for (const [id, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(id);
    let window = windows.get(user.id);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      windows.set(user.id, window);
    }
    window.count += 1;
    if (window.count > perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      throw new AppError(
        429,
        'rate_limited',
        `Too many requests. Try again in ${retryAfterSeconds} seconds.`,
        {
          retryAfterSeconds,
        },
      );
    }
  };
}
