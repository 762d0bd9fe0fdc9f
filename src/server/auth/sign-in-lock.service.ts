import { AppError } from '../http/errors';
import { type LoginThrottleRepo, UNKNOWN_DEVICE } from './login-throttle.repo';

export interface SignInLockPolicy {
  maxFailures: number;
  lockMinutes: number;
}

// The lock's time comes from the database's clock (login-throttle.repo.ts), so this compares with real time.
const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/**
 * The lock-out shared by everything that checks a password (sign-in, changing a password), after OWASP's
 * device cookies: `maxFailures` wrong passwords within `lockMinutes` lock for `lockMinutes`. A device the
 * account once signed in from (its device cookie's nonce, or the session that changes the password) is
 * judged on its own failures; every other device shares the account's lock. So a stranger's guesses lock
 * strangers out, never the owner's browser.
 */
export function createSignInLock(throttle: LoginThrottleRepo, policy: SignInLockPolicy) {
  const key = (email: string) => email.toLowerCase();
  return {
    /** Throws 429 ACCOUNT_LOCKED while this device is locked; a right password does not open it early. */
    async assertOpen(email: string, device: string | null) {
      const lockedUntil = await throttle.lockedUntil(key(email), device ?? UNKNOWN_DEVICE);
      if (!lockedUntil) return;
      const minutes = minutesUntil(lockedUntil);
      throw new AppError(
        429,
        'ACCOUNT_LOCKED',
        `Too many failed sign-in attempts for this account. Try again in ${minutes} minutes.`,
        { retryAfterSeconds: minutes * 60 },
      );
    },
    async recordFailure(email: string, device: string | null) {
      await throttle.recordFailure(
        key(email),
        device ?? UNKNOWN_DEVICE,
        policy.maxFailures,
        policy.lockMinutes,
      );
    },
    async recordSuccess(email: string, device: string | null) {
      await throttle.clear(key(email), device ?? UNKNOWN_DEVICE);
    },
    /** Opens every lock of the account; true when one was closed. */
    unlock: (email: string) => throttle.clearAccount(key(email)),
    lockedAccounts: (emails: string[]) => throttle.lockedAccounts(emails.map(key)),
  };
}
export type SignInLock = ReturnType<typeof createSignInLock>;
