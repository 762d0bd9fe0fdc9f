import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';

export type MediaRow = typeof media.$inferSelect;

export function createMediaRepo(db: Db) {
  return {
    async insert(values: typeof media.$inferInsert) {
      const [row] = await db.insert(media).values(values).returning();
      return row!;
    },
    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.id, id), eq(media.userId, userId)));
      return row;
    },
    /** By id alone: only for a link whose signature proves the owner handed it out (media-links.ts). */
    async findSigned(id: string) {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row;
    },
    findMany(userId: string, ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select()
        .from(media)
        .where(and(eq(media.userId, userId), inArray(media.id, ids)));
    },
    async remove(userId: string, id: string) {
      await db.delete(media).where(and(eq(media.id, id), eq(media.userId, userId)));
    },
  };
}
export type MediaRepo = ReturnType<typeof createMediaRepo>;
