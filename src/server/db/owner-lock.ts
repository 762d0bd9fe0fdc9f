import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Holds, until `tx` ends, a lock on one user's rows of one kind. A cap ("at most N per user") is a count
 * and then an insert; two requests that both count before either inserts would both pass. Under this
 * lock they take turns, so however many arrive at once the cap holds. An advisory lock: it locks no row
 * (other writes of the user go on) and ends with the transaction on its own.
 */
export async function lockOwnerRows(tx: Db, kind: string, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${userId}`}, 0))`);
}
