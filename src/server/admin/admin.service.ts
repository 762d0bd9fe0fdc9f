import type { AdminStats } from '../../shared/api/admin.schemas';
import { canManageUsers } from '../../shared/roles';
import { zonedDayRange } from '../../shared/time/zoned-day';
import { forbidden, type SessionUser } from '../auth/session';
import type { AdminRepo } from './admin.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin dashboard's figures, across all users. */
export function createAdminService(deps: { repo: AdminRepo; clock: () => Date }) {
  const { repo, clock } = deps;
  return {
    /** Counts for the dashboard; "today" is the day in the IANA zone `tz`. */
    async stats(actor: SessionUser, tz: string): Promise<AdminStats> {
      if (!canManageUsers(actor.role)) throw forbidden();
      const now = clock();
      const today = zonedDayRange(now, tz);
      const [users, trialsPending, postsScheduledToday, failuresLast24h] = await Promise.all([
        repo.users(),
        repo.trialsPending(),
        repo.postsDueBetween(today.start, today.end),
        repo.targetsFailedSince(new Date(now.getTime() - DAY_MS)),
      ]);
      return { users, trialsPending, postsScheduledToday, failuresLast24h };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
