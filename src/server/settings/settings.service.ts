import type { Settings } from '../../shared/api/admin.schemas';
import type { AuditRepo } from '../audit/audit.repo';
import type { SessionUser } from '../auth/session';
import type { SettingsRepo } from './settings.repo';

/** The application settings a super_admin changes; every change is written to the audit log. */
export function createSettingsService({ repo, audit }: { repo: SettingsRepo; audit: AuditRepo }) {
  const read = async (): Promise<Settings> => ({
    trialDurationDays: await repo.get('trialDurationDays'),
  });
  return {
    read,
    async update(actor: SessionUser, input: Settings): Promise<Settings> {
      const before = await read();
      await repo.set('trialDurationDays', input.trialDurationDays);
      await audit.record({ actor, action: 'settings.update', details: { before, after: input } });
      return read();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
