import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export function createLoginThrottleRepo(db: Db) {
  return {
    async lockedUntil(email: string): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(eq(loginThrottle.email, email));
      return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null;
    },
    /**
     * Counts a failure inside a sliding window of `lockMinutes`; the `maxFailures`-th failure locks the
     * account for `lockMinutes`. One statement, so concurrent failures cannot under-count.
     */
    async recordFailure(email: string, maxFailures: number, lockMinutes: number) {
      const windowStart = sql`now() - make_interval(mins => ${lockMinutes})`;
      await db
        .insert(loginThrottle)
        .values({ email, failures: 1 })
        .onConflictDoUpdate({
          target: loginThrottle.email,
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
        .where(sql`${loginThrottle.email} = ${email} and ${loginThrottle.failures} >= ${maxFailures}`);
    },
    async clear(email: string) {
      await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
    },
  };
}
export type LoginThrottleRepo = ReturnType<typeof createLoginThrottleRepo>;
