import { and, count, desc, eq } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { templates, templateSeeds } from '../db/schema';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Pick<
  TemplateRow,
  'name' | 'description' | 'category' | 'industry' | 'platforms' | 'contentHtml'
>;

export function createTemplatesRepo(db: Db) {
  return {
    /** Gives a user the sample templates once; a sample they delete stays deleted. */
    async seedOnce(userId: string, samples: TemplateValues[]) {
      await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(templateSeeds)
          .values({ userId })
          .onConflictDoNothing()
          .returning({ userId: templateSeeds.userId });
        if (claimed.length) await tx.insert(templates).values(samples.map((s) => ({ ...s, userId })));
      });
    },
    /**
     * A page of the user's templates, newest first. Ordered by what an edit does not change (creation,
     * then id), so pages read one after another hold each template once.
     */
    async list(userId: string, category: string | undefined, limit: number, offset: number) {
      const where = and(
        eq(templates.userId, userId),
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
    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(templates)
        .where(and(eq(templates.id, id), eq(templates.userId, userId)));
      return row;
    },
    /** The new template, or undefined when the user already has `max`. */
    async create(userId: string, values: TemplateValues, max: number) {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'templates', userId);
        const [held] = await tx.select({ n: count() }).from(templates).where(eq(templates.userId, userId));
        if ((held?.n ?? 0) >= max) return undefined;
        const [row] = await tx
          .insert(templates)
          .values({ ...values, userId })
          .returning();
        return row!;
      });
    },
    async update(userId: string, id: string, values: TemplateValues) {
      const [row] = await db
        .update(templates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(templates.id, id), eq(templates.userId, userId)))
        .returning();
      return row;
    },
    async remove(userId: string, id: string) {
      const rows = await db
        .delete(templates)
        .where(and(eq(templates.id, id), eq(templates.userId, userId)))
        .returning({ id: templates.id });
      return rows.length === 1;
    },
  };
}
export type TemplatesRepo = ReturnType<typeof createTemplatesRepo>;
