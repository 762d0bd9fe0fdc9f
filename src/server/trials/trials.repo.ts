import type { Db } from '../db/client';
import { trialRequests } from '../db/schema';

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
  };
}
export type TrialsRepo = ReturnType<typeof createTrialsRepo>;
