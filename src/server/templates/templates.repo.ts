import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
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
    list(userId: string, category?: string) {
      return db
        .select()
        .from(templates)
        .where(and(eq(templates.userId, userId), category ? eq(templates.category, category) : undefined))
        .orderBy(asc(templates.category), desc(templates.updatedAt));
    },
    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(templates)
        .where(and(eq(templates.id, id), eq(templates.userId, userId)));
      return row;
    },
    async create(userId: string, values: TemplateValues) {
      const [row] = await db
        .insert(templates)
        .values({ ...values, userId })
        .returning();
      return row!;
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
