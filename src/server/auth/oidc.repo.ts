import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';
import { OIDC_PROVIDER_ID } from './oidc';

export type OidcSignInKind = 'created' | 'linked' | 'returning';

export function createOidcRepo(db: Db) {
  return {
    /**
     * How this user's provider sign-in that began at `since` went: the account was made by it, an
     * existing account was linked to the provider by it, or the link was there before. The rows' times
     * are written by the auth library in this process, so they compare with `since` on one clock.
     */
    async signInKind(userId: string, since: Date): Promise<OidcSignInKind> {
      const [row] = await db
        .select({ linkedAt: accounts.createdAt, userCreatedAt: users.createdAt })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, OIDC_PROVIDER_ID)))
        .limit(1);
      if (!row || row.linkedAt < since) return 'returning';
      return row.userCreatedAt >= since ? 'created' : 'linked';
    },
  };
}
export type OidcRepo = ReturnType<typeof createOidcRepo>;
