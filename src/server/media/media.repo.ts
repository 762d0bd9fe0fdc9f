import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type Db, rowsOf, transaction } from '../db/client';
import { media, users, videoRenders } from '../db/schema';

export type MediaRow = typeof media.$inferSelect;

/** What the user's files take in storage: uploads and their thumbnails, and their edited renders. */
const usageOf = (db: Db, userIds: string[]) =>
  db.execute<{ user_id: string; bytes: string }>(sql`
    select u.user_id, sum(u.bytes)::bigint::text as bytes from (
      select ${media.userId} as user_id, ${media.bytes} + ${media.thumbnailBytes} as bytes
        from ${media} where ${media.userId} in ${userIds}
      union all
      select ${videoRenders.userId}, coalesce(${videoRenders.bytes}, 0)
        from ${videoRenders} where ${videoRenders.userId} in ${userIds} and ${videoRenders.status} = 'ready'
    ) u group by u.user_id`);

export function createMediaRepo(db: Db) {
  return {
    /**
     * Stores the row unless it takes the user past `quotaBytes`; answers the row, or the bytes the user
     * already takes when it would not fit. The user's row is locked while counting, so two uploads that
     * each fit alone cannot both pass.
     */
    insertWithinQuota(values: typeof media.$inferInsert, quotaBytes: number) {
      return transaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [usage] = rowsOf<{ bytes: string }>(await usageOf(tx, [values.userId]));
        const used = Number(usage?.bytes ?? 0);
        if (used + values.bytes + (values.thumbnailBytes ?? 0) > quotaBytes)
          return { row: null, usedBytes: used };
        const [row] = await tx.insert(media).values(values).returning();
        return { row: row!, usedBytes: used };
      });
    },
    /** Bytes each of these users takes in storage (0 for a user with no files). */
    async usage(userIds: string[]): Promise<Map<string, number>> {
      const totals = new Map(userIds.map((id) => [id, 0]));
      if (!userIds.length) return totals;
      for (const row of rowsOf<{ user_id: string; bytes: string }>(await usageOf(db, userIds)))
        totals.set(row.user_id, Number(row.bytes));
      return totals;
    },
    async find(workspaceId: WorkspaceId, id: string) {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
      return row;
    },
    /** By id alone: only for a link whose signature proves the owner handed it out (media-links.ts). */
    async findSigned(id: string) {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row;
    },
    findMany(workspaceId: WorkspaceId, ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select()
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), inArray(media.id, ids)));
    },
    async remove(workspaceId: WorkspaceId, id: string) {
      await db.delete(media).where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
    },
  };
}
export type MediaRepo = ReturnType<typeof createMediaRepo>;
