import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings, users } from '../db/schema';

const FIRST_ADMIN_KEY = 'first_admin_created';

export function createUsersRepo(db: Db) {
  return {
    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async hasAnyUser() {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(users)
        .limit(1);
      return row !== undefined;
    },
    /** Ordered by creation; `startAfter` is the id of the last user of the previous page. */
    async list(limit: number, startAfter?: string) {
      let where;
      if (startAfter) {
        const [cursor] = await db
          .select({ createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, startAfter));
        if (!cursor) return null;
        where = or(
          gt(users.createdAt, cursor.createdAt),
          and(eq(users.createdAt, cursor.createdAt), gt(users.id, startAfter)),
        );
      }
      return db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit + 1);
    },
    /**
     * Takes the one-time right to create the first administrator. A unique key, so of two concurrent
     * callers exactly one gets true.
     */
    async claimFirstAdmin() {
      const rows = await db
        .insert(appSettings)
        .values({ key: FIRST_ADMIN_KEY, value: { at: new Date().toISOString() } })
        .onConflictDoNothing()
        .returning({ key: appSettings.key });
      return rows.length === 1;
    },
    async releaseFirstAdmin() {
      await db.delete(appSettings).where(eq(appSettings.key, FIRST_ADMIN_KEY));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
