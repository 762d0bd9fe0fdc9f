import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { variables } from '../db/schema';

export function createVariablesRepo(db: Db) {
  return {
    list(userId: string) {
      return db
        .select({ name: variables.name, value: variables.value })
        .from(variables)
        .where(eq(variables.userId, userId))
        .orderBy(asc(variables.name));
    },
    /** Changes the variable, or adds it unless the user already has `max`: says whether it was set. */
    async set(userId: string, name: string, value: string, max: number) {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'variables', userId);
        const changed = await tx
          .update(variables)
          .set({ value, updatedAt: new Date() })
          .where(and(eq(variables.userId, userId), eq(variables.name, name)))
          .returning({ name: variables.name });
        if (changed.length) return true;
        const [held] = await tx.select({ n: count() }).from(variables).where(eq(variables.userId, userId));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(variables).values({ userId, name, value });
        return true;
      });
    },
    /** Says whether there was such a variable. */
    async remove(userId: string, name: string) {
      const rows = await db
        .delete(variables)
        .where(and(eq(variables.userId, userId), eq(variables.name, name)))
        .returning({ name: variables.name });
      return rows.length > 0;
    },
  };
}
export type VariablesRepo = ReturnType<typeof createVariablesRepo>;
