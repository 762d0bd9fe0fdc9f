import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { trialRequests } from '../db/schema';

type TrialStatus = (typeof trialRequests.$inferSelect)['status'];

export function createTrialsRepo(db: Db) {
  return {
    /** Stores the request unless one for this email is still pending; says which happened. */
    async insertIfNew(input: { name: string; email: string; company?: string }) {
      const rows = await db
        .insert(trialRequests)
        .values({ name: input.name, email: input.email, company: input.company ?? null })
        .onConflictDoNothing()
        .returning({ id: trialRequests.id });
      return rows.length === 1;
    },
    list(status?: TrialStatus) {
      return db
        .select()
        .from(trialRequests)
        .where(status ? eq(trialRequests.status, status) : undefined)
        .orderBy(desc(trialRequests.createdAt), desc(trialRequests.id));
    },
    async findById(id: string) {
      const [row] = await db.select().from(trialRequests).where(eq(trialRequests.id, id));
      return row;
    },
    /** Moves a pending request to its decision; a request decided already (or twice at once) gets nothing. */
    async decide(id: string, status: 'approved' | 'rejected', decidedBy: string) {
      const [row] = await db
        .update(trialRequests)
        .set({ status, decidedAt: new Date(), decidedBy })
        .where(and(eq(trialRequests.id, id), eq(trialRequests.status, 'pending')))
        .returning();
      return row;
    },
    async undoDecision(id: string) {
      await db
        .update(trialRequests)
        .set({ status: 'pending', decidedAt: null, decidedBy: null })
        .where(eq(trialRequests.id, id));
    },
    async linkUser(id: string, userId: string) {
      await db.update(trialRequests).set({ userId }).where(eq(trialRequests.id, id));
    },
  };
}
export type TrialsRepo = ReturnType<typeof createTrialsRepo>;
