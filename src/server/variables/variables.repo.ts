import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { variables } from '../db/schema';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';

export function createVariablesRepo(db: Db) {
  return {
    list(workspaceId: WorkspaceId) {
      return db
        .select({ name: variables.name, value: variables.value })
        .from(variables)
        .where(eq(variables.workspaceId, workspaceId))
        .orderBy(asc(variables.name));
    },
    /** Changes the variable, or adds it unless the workspace already has `max`: says whether it was set. */
    async set({ workspaceId, userId }: Scope, name: string, value: string, max: number) {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'variables', workspaceId);
        const changed = await tx
          .update(variables)
          .set({ value, updatedAt: new Date() })
          .where(and(eq(variables.workspaceId, workspaceId), eq(variables.name, name)))
          .returning({ name: variables.name });
        if (changed.length) return true;
        const [held] = await tx
          .select({ n: count() })
          .from(variables)
          .where(eq(variables.workspaceId, workspaceId));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(variables).values({ workspaceId, userId, name, value });
        return true;
      });
    },
    /** Says whether there was such a variable. */
    async remove(workspaceId: WorkspaceId, name: string) {
      const rows = await db
        .delete(variables)
        .where(and(eq(variables.workspaceId, workspaceId), eq(variables.name, name)))
        .returning({ name: variables.name });
      return rows.length > 0;
    },
  };
}
export type VariablesRepo = ReturnType<typeof createVariablesRepo>;
