import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

/** The device key of every browser that never signed in to the account: they share one lock. */
export const UNKNOWN_DEVICE = '';

export function createLoginThrottleRepo(db: Db) {
  return {
    async lockedUntil(email: string, device: string): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(and(eq(loginThrottle.email, email), eq(loginThrottle.device, device)));
      return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null;
    },
    /** When each of these accounts is locked for unknown devices, for the ones that are (admin's user list). */
    async lockedAccounts(emails: string[]): Promise<Map<string, Date>> {
      if (!emails.length) return new Map();
      const rows = await db
        .select({ email: loginThrottle.email, lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(
          and(
            inArray(loginThrottle.email, emails),
            eq(loginThrottle.device, UNKNOWN_DEVICE),
            gt(loginThrottle.lockedUntil, sql`now()`),
          ),
        );
      return new Map(rows.map((r) => [r.email, r.lockedUntil!]));
    },
    /**
     * Counts a failure inside a sliding window of `lockMinutes`; the `maxFailures`-th failure locks the
     * account's device for `lockMinutes`. One statement each, so concurrent failures cannot under-count.
     */
    async recordFailure(email: string, device: string, maxFailures: number, lockMinutes: number) {
      const windowStart = sql`now() - make_interval(mins => ${lockMinutes})`;
      await db
        .insert(loginThrottle)
        .values({ email, device, failures: 1 })
        .onConflictDoUpdate({
          target: [loginThrottle.email, loginThrottle.device],
          set: {
            failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then now() else ${loginThrottle.windowStartedAt} end`,
          },
        });
      await db
        .update(loginThrottle)
        .set({
          lockedUntil: sql`now() + make_interval(mins => ${lockMinutes})`,
          failures: 0,
          windowStartedAt: sql`now()`,
        })
        .where(
          sql`${loginThrottle.email} = ${email} and ${loginThrottle.device} = ${device} and ${loginThrottle.failures} >= ${maxFailures}`,
        );
    },
    /** Forgets one device's failures (a right password from it). */
    async clear(email: string, device: string) {
      await db
        .delete(loginThrottle)
        .where(and(eq(loginThrottle.email, email), eq(loginThrottle.device, device)));
    },
    /** Forgets every failure and lock of the account (an administrator's unlock, a completed reset). */
    async clearAccount(email: string): Promise<boolean> {
      const removed = await db
        .delete(loginThrottle)
        .where(eq(loginThrottle.email, email))
        .returning({ lockedUntil: loginThrottle.lockedUntil });
      return removed.some((r) => r.lockedUntil && r.lockedUntil > new Date());
    },
  };
}
export type LoginThrottleRepo = ReturnType<typeof createLoginThrottleRepo>;
