import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { apiTokens, users, workspaces } from '../db/schema';

/** A token with the name of the workspace it acts in. */
export type TokenRow = typeof apiTokens.$inferSelect & { workspaceName: string };
export type TokenWithOwner = TokenRow & { owner: { id: string; email: string; name: string } };

/** How often, at most, a token's last use is written (a busy script must not write on every call). */
export const LAST_USED_EVERY_MS = 60_000;

const owner = { id: users.id, email: users.email, name: users.name };
const workspaceName = workspaces.name;

/** Tokens of the user that still work at `now` (the number a user may hold is capped). */
async function usable(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

export function createTokensRepo(db: Db) {
  return {
    /**
     * Adds the token unless its owner already holds `max` that work at `now`; null then. Counted and
     * inserted under the owner's lock, so concurrent creates cannot pass the cap together.
     */
    createWithinCap(
      values: Pick<TokenRow, 'userId' | 'workspaceId' | 'name' | 'tokenHash' | 'displayPrefix' | 'expiresAt'>,
      now: Date,
      max: number,
    ) {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'api_tokens', values.userId);
        if ((await usable(tx, values.userId, now)) >= max) return null;
        await tx.insert(apiTokens).values(values);
        const [row] = await tx
          .select({ token: apiTokens, workspaceName })
          .from(apiTokens)
          .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
          .where(eq(apiTokens.tokenHash, values.tokenHash));
        return { ...row!.token, workspaceName: row!.workspaceName };
      });
    },
    /** The user's tokens in every workspace, newest first. */
    async listByUser(userId: string): Promise<TokenRow[]> {
      const rows = await db
        .select({ token: apiTokens, workspaceName })
        .from(apiTokens)
        .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
      return rows.map((r) => ({ ...r.token, workspaceName: r.workspaceName }));
    },
    /** Every user's tokens with their owners, newest first, a page at a time. */
    async listAll(limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ token: apiTokens, owner, workspaceName })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
          .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(apiTokens),
      ]);
      return {
        rows: rows.map((r): TokenWithOwner => ({
          ...r.token,
          workspaceName: r.workspaceName,
          owner: r.owner,
        })),
        total: total?.n ?? 0,
      };
    },
    async find(id: string): Promise<TokenWithOwner | undefined> {
      const [row] = await db
        .select({ token: apiTokens, owner, workspaceName })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
        .where(eq(apiTokens.id, id));
      return row ? { ...row.token, workspaceName: row.workspaceName, owner: row.owner } : undefined;
    },
    /**
     * The token with this hash and its owner as the database holds them now: the owner's current role,
     * and whether they are banned. One indexed lookup.
     */
    async findByHash(tokenHash: string) {
      const [row] = await db
        .select({
          token: apiTokens,
          user: {
            id: users.id,
            email: users.email,
            name: users.name,
            role: users.role,
            trialEndsAt: users.trialEndsAt,
            banned: users.banned,
            banExpires: users.banExpires,
          },
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, tokenHash));
      return row;
    },
    /** Notes a use, unless one was noted in the last minute (by this process or another). */
    async touch(id: string, now: Date) {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiTokens.id, id),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
            ),
          ),
        );
    },
    /** Revokes the token once; revoking it again changes nothing. Returns it, or undefined if no such token. */
    async revoke(id: string, now: Date) {
      await db
        .update(apiTokens)
        .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(apiTokens.id, id));
      return this.find(id);
    },
    /** Revokes every working token of the user at once; answers how many were working. */
    async revokeAllOf(userId: string, now: Date): Promise<number> {
      const revoked = await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return revoked.length;
    },
  };
}
export type TokensRepo = ReturnType<typeof createTokensRepo>;
