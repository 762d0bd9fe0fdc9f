import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditInput {
  /** Who did it; a guest of a review link has no account (no id), and their name as `email`. */
  actor: { id: string | null; email: string };
  action: string;
  target?: { id: string; email: string };
  details?: Record<string, unknown>;
}

export function createAuditRepo(db: Db) {
  return {
    async record({ actor, action, target, details }: AuditInput) {
      await db.insert(auditLog).values({
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        targetId: target?.id ?? null,
        targetEmail: target?.email ?? null,
        details: details ?? {},
      });
    },
    recent(limit: number) {
      return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
