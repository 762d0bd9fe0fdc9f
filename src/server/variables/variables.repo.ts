import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
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
    async set(userId: string, name: string, value: string) {
      await db
        .insert(variables)
        .values({ userId, name, value })
        .onConflictDoUpdate({
          target: [variables.userId, variables.name],
          set: { value, updatedAt: new Date() },
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
