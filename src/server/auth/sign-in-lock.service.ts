import { AppError } from '../http/errors';
import type { LoginThrottleRepo } from './login-throttle.repo';

export interface SignInLockPolicy {
  maxFailures: number;
  lockMinutes: number;
}

// The lock's time comes from the database's clock (login-throttle.repo.ts), so this compares with real time.
const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/**
 * The per-account lock-out shared by everything that checks a password (sign-in, changing a password):
 * `maxFailures` wrong passwords within `lockMinutes` lock the account for `lockMinutes`, from any address.
 */
export function createSignInLock(throttle: LoginThrottleRepo, policy: SignInLockPolicy) {
  return {
    /** Throws 429 ACCOUNT_LOCKED while the account is locked; a right password does not open it early. */
    async assertOpen(email: string) {
      const lockedUntil = await throttle.lockedUntil(email);
      if (!lockedUntil) return;
      const minutes = minutesUntil(lockedUntil);
      throw new AppError(
        429,
        'ACCOUNT_LOCKED',
        `Too many failed sign-in attempts for this account. Try again in ${minutes} minutes.`,
        { retryAfterSeconds: minutes * 60 },
      );
    },
    async recordFailure(email: string) {
      await throttle.recordFailure(email, policy.maxFailures, policy.lockMinutes);
    },
    async recordSuccess(email: string) {
      await throttle.clear(email);
    },
  };
}
export type SignInLock = ReturnType<typeof createSignInLock>;
