import { createMinuteWindows } from '../http/minute-windows';

/**
 * Calls per token per minute, counted in this process. With several API processes behind a balancer each
 * counts its own share, so the limit is per process; the per-IP limits of sign-in and uploads apply as well.
 */
export function createTokenRate(perMinute: number, clock: () => Date) {
  const windows = createMinuteWindows(perMinute, clock);
  return {
    /** Counts one call; answers how many seconds to wait when the token has used its minute up. */
    take(tokenId: string): number | null {
      const wait = windows.wait(tokenId);
      if (wait === null) windows.add(tokenId, 1);
      return wait;
    },
  };
}
export type TokenRate = ReturnType<typeof createTokenRate>;
