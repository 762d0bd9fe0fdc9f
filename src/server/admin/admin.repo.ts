import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { posts, postTargets, trialRequests, users } from '../db/schema';

/** The admin dashboard's figures, across all users: the one place that reads every user's rows. */
export function createAdminRepo(db: Db) {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    users: () => countOf(db.select({ n: count() }).from(users)),
    trialsPending: () =>
      countOf(db.select({ n: count() }).from(trialRequests).where(eq(trialRequests.status, 'pending'))),
    postsDueBetween: (start: Date, end: Date) =>
      countOf(
        db
          .select({ n: count() })
          .from(posts)
          .where(
            and(
              inArray(posts.status, ['scheduled', 'publishing']),
              gte(posts.scheduledAt, start),
              lt(posts.scheduledAt, end),
            ),
          ),
      ),
    targetsFailedSince: (since: Date) =>
      countOf(
        db
          .select({ n: count() })
          .from(postTargets)
          .where(and(eq(postTargets.status, 'failed'), gte(postTargets.updatedAt, since))),
      ),
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
