import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type OutboxStatus = (typeof outbox.$inferSelect)['status'];

export function createMailRepo(db: Db) {
  return {
    async insert(mail: { to: string; subject: string; text: string; status: OutboxStatus }) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      return row!;
    },
    /** Inserts several mails through `tx`, the caller's transaction (alerts queued with their event). */
    async insertMany(
      tx: Db,
      mails: { to: string; subject: string; text: string; status: OutboxStatus }[],
    ): Promise<string[]> {
      if (!mails.length) return [];
      const rows = await tx.insert(outbox).values(mails).returning({ id: outbox.id });
      return rows.map((row) => row.id);
    },
    /** Claims a pending mail for one try; a second worker or a retry of a sent mail gets nothing. */
    async claim(id: string) {
      const [row] = await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1` })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')))
        .returning();
      return row;
    },
    async markSent(id: string) {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, id));
    },
    async markError(id: string, error: string, final: boolean) {
      await db
        .update(outbox)
        .set({ lastError: error.slice(0, 1000), ...(final ? { status: 'failed' as const } : {}) })
        .where(eq(outbox.id, id));
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
