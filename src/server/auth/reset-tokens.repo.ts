import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifications } from '../db/schema';

/** better-auth keeps a reset token (the mailed link, or a set-password link) as this verification row. */
const PREFIX = 'reset-password:';

export function createResetTokensRepo(db: Db) {
  return {
    /** The user a reset token was issued to, while it is valid; null otherwise. */
    async ownerOf(token: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: verifications.value, expiresAt: verifications.expiresAt })
        .from(verifications)
        .where(eq(verifications.identifier, `${PREFIX}${token}`));
      return row && row.expiresAt > new Date() ? row.userId : null;
    },
    /** Deletes every outstanding reset and set-password link of the user; answers how many. */
    async deleteAllOf(userId: string): Promise<number> {
      const removed = await db
        .delete(verifications)
        .where(and(like(verifications.identifier, `${PREFIX}%`), eq(verifications.value, userId)))
        .returning({ id: verifications.id });
      return removed.length;
    },
  };
}
export type ResetTokensRepo = ReturnType<typeof createResetTokensRepo>;
