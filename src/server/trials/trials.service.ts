import type { TrialApproval, TrialRequest } from '../../shared/api/admin.schemas';
import type { TrialRequestBody, TrialRequestResult } from '../../shared/api/trials.schemas';
import type { AuditRepo } from '../audit/audit.repo';
import type { Auth } from '../auth/auth';
import { createPasswordSetupLink } from '../auth/password-link';
import type { SessionUser } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import { AppError, notFound } from '../http/errors';
import type { MailService } from '../mail/mail.service';
import type { SettingsRepo } from '../settings/settings.repo';
import type { UsersRepo } from '../users/users.repo';
import type { TrialsRepo } from './trials.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const SET_PASSWORD_LINK_DAYS = 7;

type Row = NonNullable<Awaited<ReturnType<TrialsRepo['findById']>>>;
const toTrialRequest = (r: Row): TrialRequest => ({
  id: r.id,
  name: r.name,
  email: r.email,
  company: r.company,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

export interface TrialsServiceDeps {
  repo: TrialsRepo;
  users: UsersRepo;
  settings: SettingsRepo;
  audit: AuditRepo;
  auth: Auth;
  mail: MailService;
  publicUrl: string;
  clock: () => Date;
  /** Where this service announces the accounts it makes, as the users service does. */
  changes: Pick<ChangeFeed, 'touch'>;
}

export function createTrialsService(deps: TrialsServiceDeps) {
  const { repo, users, settings, audit, auth, mail, publicUrl, clock, changes } = deps;

  const decide = async (actor: SessionUser, id: string, status: 'approved' | 'rejected') => {
    const request = await repo.findById(id);
    if (!request) throw notFound('This trial request');
    const decided = await repo.decide(id, status, actor.id);
    if (!decided)
      throw new AppError(409, 'ALREADY_DECIDED', `This trial request was already ${request.status}.`);
    return decided;
  };

  return {
    /** Stores a trial request unless one for this email is still pending; says which happened. */
    async request(input: TrialRequestBody): Promise<TrialRequestResult> {
      return { status: (await repo.insertIfNew(input)) ? 'received' : 'already_requested' };
    },

    async list(status?: TrialRequest['status']) {
      return { data: (await repo.list(status)).map(toTrialRequest) };
    },

    /**
     * Creates a `user` account whose trial lasts the configured number of days, and mails it a link to
     * choose a password; when no mail can leave, the link is also in the answer, for the approver to
     * pass on. If the account cannot be made, the request goes back to pending.
     */
    async approve(actor: SessionUser, id: string): Promise<TrialApproval> {
      const request = await repo.findById(id);
      if (request && (await users.findByEmail(request.email))) {
        throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists.');
      }
      const decided = await decide(actor, id, 'approved');
      let handed: Pick<TrialApproval, 'setPasswordLink' | 'setPasswordLinkExpiresAt'> = {};
      try {
        const days = await settings.get('trialDurationDays');
        const trialEndsAt = new Date(clock().getTime() + days * DAY_MS);
        const { user } = await auth.api.createUser({
          body: { email: decided.email, name: decided.name, role: 'user' as never },
        });
        await users.setTrialEndsAt(user.id, trialEndsAt);
        changes.touch('auth', user.id);
        await repo.linkUser(id, user.id);
        const link = await createPasswordSetupLink(auth, publicUrl, user.id, SET_PASSWORD_LINK_DAYS);
        await mail.send({
          to: decided.email,
          subject: 'Your Postwell trial is ready',
          text: `Hello ${decided.name},\n\nYour trial account is ready and lasts ${days} days, until ${trialEndsAt.toISOString().slice(0, 10)}.\nChoose your password within ${SET_PASSWORD_LINK_DAYS} days here:\n${link.url}\n\nThen sign in with ${decided.email}.`,
        });
        if (!mail.canSend)
          handed = { setPasswordLink: link.url, setPasswordLinkExpiresAt: link.expiresAt.toISOString() };
        await audit.record({
          actor,
          action: 'trial.approve',
          target: user,
          details: { requestId: id, days, linkShown: !mail.canSend },
        });
      } catch (error) {
        await repo.undoDecision(id);
        throw error;
      }
      return { ...toTrialRequest((await repo.findById(id))!), ...handed };
    },

    async reject(actor: SessionUser, id: string): Promise<TrialRequest> {
      const decided = await decide(actor, id, 'rejected');
      await audit.record({ actor, action: 'trial.reject', details: { requestId: id, email: decided.email } });
      return toTrialRequest(decided);
    },
  };
}
export type TrialsService = ReturnType<typeof createTrialsService>;
