import { AppError } from '../http/errors';
import type { LoginThrottleRepo } from './login-throttle.repo';

export interface AccountLockOptions {
  maxFailures: number;
  lockMinutes: number;
}

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/** The answer to anyone proving a password for an account that is locked: sign-in and password change. */
export function accountLocked(lockedUntil: Date) {
  const minutes = minutesUntil(lockedUntil);
  return new AppError(
    429,
    'ACCOUNT_LOCKED',
    `Too many failed sign-in attempts for this account. Try again in ${minutes} minutes.`,
    { retryAfterSeconds: minutes * 60 },
  );
}

/**
 * The per-account lock-out for every place that checks a password, so a guess at the current password
 * on the Profile page counts the same as a guess at the sign-in form.
 */
export function createAccountLock(
  throttle: LoginThrottleRepo,
  { maxFailures, lockMinutes }: AccountLockOptions,
) {
  return {
    async assertOpen(email: string) {
      const lockedUntil = await throttle.lockedUntil(email);
      if (lockedUntil) throw accountLocked(lockedUntil);
    },
    recordFailure: (email: string) => throttle.recordFailure(email, maxFailures, lockMinutes),
    clear: (email: string) => throttle.clear(email),
  };
}
export type AccountLock = ReturnType<typeof createAccountLock>;
