import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles';
import { type Db, transaction } from '../db/client';
import { appSettings, users } from '../db/schema';

const FIRST_ADMIN_KEY = 'first_admin_created';

export interface UserCursor {
  createdAt: Date;
  id: string;
}

export type GuardedChange = 'ok' | 'not_found' | 'last_super_admin';

export function createUsersRepo(db: Db) {
  /**
   * Runs `change` on user `id` unless it would leave no super_admin. The super_admin rows are locked
   * first, so two super_admins demoting each other at once cannot both succeed.
   */
  const keepingASuperAdmin = (
    id: string,
    leavesSeat: (role: string) => boolean,
    change: (tx: Db) => Promise<unknown>,
  ) =>
    transaction(db, async (tx): Promise<GuardedChange> => {
      const seats = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'super_admin'))
        .for('update');
      const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
      if (!target) return 'not_found';
      if (target.role === 'super_admin' && leavesSeat(target.role) && seats.length <= 1)
        return 'last_super_admin';
      await change(tx);
      return 'ok';
    });

  return {
    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async hasAnyUser() {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(users)
        .limit(1);
      return row !== undefined;
    },
    /** Oldest first; one row more than `limit`, so the caller knows whether another page exists. */
    list(limit: number, after?: UserCursor) {
      const where = after
        ? or(
            gt(users.createdAt, after.createdAt),
            and(eq(users.createdAt, after.createdAt), gt(users.id, after.id)),
          )
        : undefined;
      return db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit + 1);
    },
    changeRole(id: string, role: Role) {
      return keepingASuperAdmin(
        id,
        () => role !== 'super_admin',
        (tx) => tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)),
      );
    },
    /**
     * Sessions and accounts go with the user (foreign keys cascade), and so do the workspaces they were
     * the only member of, with everything in them (decision 042).
     */
    remove(id: string) {
      return keepingASuperAdmin(
        id,
        () => true,
        async (tx) => {
          await tx.execute(sql`
            delete from workspaces w
             where exists (select 1 from workspace_members m where m.workspace_id = w.id and m.user_id = ${id})
               and not exists (select 1 from workspace_members m where m.workspace_id = w.id and m.user_id <> ${id})`);
          return tx.delete(users).where(eq(users.id, id));
        },
      );
    },
    async updateProfile(id: string, change: { name: string; timezone: string }) {
      await db
        .update(users)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
    async setTrialEndsAt(id: string, trialEndsAt: Date) {
      await db.update(users).set({ trialEndsAt, updatedAt: new Date() }).where(eq(users.id, id));
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
export type UserRow = NonNullable<Awaited<ReturnType<UsersRepo['findById']>>>;
