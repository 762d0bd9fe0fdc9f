import { and, count, desc, eq } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { templates, templateSeeds } from '../db/schema';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Pick<
  TemplateRow,
  'name' | 'description' | 'category' | 'industry' | 'platforms' | 'contentHtml'
>;

export function createTemplatesRepo(db: Db) {
  return {
    /** Gives a workspace the sample templates once; a sample deleted stays deleted. */
    async seedOnce({ workspaceId, userId }: Scope, samples: TemplateValues[]) {
      await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(templateSeeds)
          .values({ workspaceId })
          .onConflictDoNothing()
          .returning({ workspaceId: templateSeeds.workspaceId });
        if (claimed.length)
          await tx.insert(templates).values(samples.map((s) => ({ ...s, workspaceId, userId })));
      });
    },
    /**
     * A page of the workspace's templates, newest first. Ordered by what an edit does not change (creation,
     * then id), so pages read one after another hold each template once.
     */
    async list(workspaceId: WorkspaceId, category: string | undefined, limit: number, offset: number) {
      const where = and(
        eq(templates.workspaceId, workspaceId),
        category ? eq(templates.category, category) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(templates)
          .where(where)
          .orderBy(desc(templates.createdAt), desc(templates.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(templates).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async find(workspaceId: WorkspaceId, id: string) {
      const [row] = await db
        .select()
        .from(templates)
        .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)));
      return row;
    },
    /** The new template, or undefined when the workspace already has `max`. */
    async create({ workspaceId, userId }: Scope, values: TemplateValues, max: number) {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'templates', workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(templates)
          .where(eq(templates.workspaceId, workspaceId));
        if ((held?.n ?? 0) >= max) return undefined;
        const [row] = await tx
          .insert(templates)
          .values({ ...values, workspaceId, userId })
          .returning();
        return row!;
      });
    },
    async update(workspaceId: WorkspaceId, id: string, values: TemplateValues) {
      const [row] = await db
        .update(templates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)))
        .returning();
      return row;
    },
    async remove(workspaceId: WorkspaceId, id: string) {
      const rows = await db
        .delete(templates)
        .where(and(eq(templates.id, id), eq(templates.workspaceId, workspaceId)))
        .returning({ id: templates.id });
      return rows.length === 1;
    },
  };
}
export type TemplatesRepo = ReturnType<typeof createTemplatesRepo>;
