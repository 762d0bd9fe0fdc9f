import type { AuditEntry } from '../../shared/api/admin.schemas';
import { isSuperAdmin } from '../../shared/roles';
import { forbidden, type SessionUser } from '../auth/session';
import type { AuditRepo } from './audit.repo';

/** The audit log as a super_admin reads it (every feature writes to it through the repository). */
export function createAuditService(deps: { repo: Pick<AuditRepo, 'recent'> }) {
  return {
    /** The newest `limit` entries, newest first. */
    async recent(actor: SessionUser, limit: number): Promise<{ data: AuditEntry[] }> {
      if (!isSuperAdmin(actor.role)) throw forbidden();
      const rows = await deps.repo.recent(limit);
      return {
        data: rows.map((r) => ({
          id: r.id,
          actorEmail: r.actorEmail,
          action: r.action,
          targetEmail: r.targetEmail,
          details: r.details,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
