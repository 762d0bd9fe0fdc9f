import { isAPIError } from 'better-auth/api';
import type { CreateAdminBody } from '../../shared/api/auth.schemas';
import type {
  AdminUser,
  ChangePasswordBody,
  CreateUserBody,
  Profile,
  UpdateProfileBody,
  UserList,
} from '../../shared/api/users.schemas';
import { assignableRoles, canUnlock, type Role, toRole } from '../../shared/roles';
import type { AuditRepo } from '../audit/audit.repo';
import type { ResetTokensRepo } from '../auth/reset-tokens.repo';
import type { SignInLock } from '../auth/sign-in-lock.service';
import type { Auth } from '../auth/auth';
import { forbidden, type SessionUser } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import { AppError, notFound } from '../http/errors';
import { decodeCursor, encodeCursor } from './user-cursor';
import type { GuardedChange, UserRow, UsersRepo } from './users.repo';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const toAdminUser = (u: UserRow, extra: { lockedUntil?: Date; storageBytes?: number }): AdminUser => ({
  uid: u.id,
  email: u.email,
  displayName: u.name,
  role: toRole(u.role),
  createdAt: u.createdAt.toISOString(),
  trialEndsAt: u.trialEndsAt?.toISOString() ?? null,
  lockedUntil: extra.lockedUntil?.toISOString() ?? null,
  storageBytes: extra.storageBytes ?? 0,
});

const validation = (field: string, key: string, what: string) =>
  new AppError(400, 'VALIDATION_ERROR', `Invalid body: ${field} (${what})`, { fields: { [field]: key } });

function assertChanged(result: GuardedChange) {
  if (result === 'not_found') throw notFound('This user');
  if (result === 'last_super_admin') {
    throw new AppError(
      409,
      'LAST_SUPER_ADMIN',
      'The last super administrator cannot be removed or demoted. Make another user super_admin first.',
    );
  }
}

/** The spelling the runtime gives a zone ('america/new_york' → 'America/New_York'). */
const canonicalZone = (zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

export interface UsersServiceDeps {
  repo: UsersRepo;
  auth: Auth;
  audit: AuditRepo;
  /** The sign-in lock-out: a wrong current password counts as a failed sign-in. */
  lock: SignInLock;
  /** Reset and set-password links: a password change or reset makes every outstanding one useless. */
  resetTokens: ResetTokensRepo;
  /** Revokes every API token of the user (the password dialog's choice); answers how many. */
  revokeApiTokens: (actor: SessionUser) => Promise<number>;
  /** Bytes each user's media takes in storage (the media feature). */
  storageOf: (userIds: string[]) => Promise<Map<string, number>>;
  clock: () => Date;
  /** The connected accounts and network settings of a workspace (the connections feature). */
  connectionsOf: (
    workspaceId: WorkspaceId,
  ) => Promise<Pick<Profile, 'connections' | 'accounts' | 'configured' | 'settings'>>;
  /** Where this service announces a change to a user, so that sessions remembered with the old one go. */
  changes: Pick<ChangeFeed, 'touch'>;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { repo, auth, audit, lock, resetTokens, clock, connectionsOf, changes } = deps;
  /**
   * This process's next request sees the change at once (the database's notice of it follows): a
   * session remembered with the user as they were is checked again (guards, auth/session.ts).
   */
  const changed = (userId: string) => changes.touch('auth', userId);
  const targetOf = async (uid: string) => {
    const target = await repo.findById(uid);
    if (!target) throw notFound('This user');
    return target;
  };
  /** The rows as an administrator sees them: with their sign-in lock and the storage they take. */
  const adminUsers = async (rows: UserRow[]): Promise<AdminUser[]> => {
    const [locks, storage] = await Promise.all([
      lock.lockedAccounts(rows.map((u) => u.email)),
      deps.storageOf(rows.map((u) => u.id)),
    ]);
    return rows.map((u) =>
      toAdminUser(u, { lockedUntil: locks.get(u.email.toLowerCase()), storageBytes: storage.get(u.id) }),
    );
  };
  const adminUser = async (uid: string) => (await adminUsers([(await repo.findById(uid))!]))[0]!;

  const profile = async (actor: SessionUser): Promise<Profile> => {
    const user = await repo.findById(actor.id);
    if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Your account no longer exists.');
    return {
      uid: user.id,
      email: user.email,
      displayName: user.name,
      role: toRole(user.role),
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      timeZone: user.timezone,
      ...(await connectionsOf(actor.workspace.id)),
    };
  };

  return {
    profile,

    async updateProfile(actor: SessionUser, input: UpdateProfileBody): Promise<Profile> {
      await repo.updateProfile(actor.id, {
        name: input.displayName,
        timezone: canonicalZone(input.timeZone),
      });
      changed(actor.id);
      return profile(actor);
    },

    /**
     * Checks the current password through better-auth, which stores the new one and replaces every
     * session of the user, this one included, with one new session. Answers that session's cookie, so
     * the caller stays signed in while the user's other browsers are signed out. The lock-out judges
     * `device` (this browser's device cookie, or this session) on its own failures: a wrong current
     * password typed here never locks the account for the owner's other browsers. Outstanding reset links
     * die with the old password; API tokens stay valid unless the user revokes them with it.
     */
    async changePassword(
      actor: SessionUser,
      input: ChangePasswordBody,
      headers: Headers,
      device: string,
    ): Promise<string[]> {
      await lock.assertOpen(actor.email, device);
      let answer: Headers;
      try {
        ({ headers: answer } = await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers,
          returnHeaders: true,
        }));
      } catch (error) {
        if (!isAPIError(error) || error.body?.code !== 'INVALID_PASSWORD') throw error;
        await lock.recordFailure(actor.email, device);
        throw new AppError(400, 'WRONG_CURRENT_PASSWORD', 'The current password is not correct.', {
          fields: { currentPassword: 'profile.currentPasswordWrong' },
        });
      }
      // Every other session of the user is gone (the library replaced them all with one new session).
      changed(actor.id);
      await lock.recordSuccess(actor.email, device);
      const resetLinksRemoved = await resetTokens.deleteAllOf(actor.id);
      const apiTokensRevoked = input.revokeApiTokens ? await deps.revokeApiTokens(actor) : 0;
      await audit.record({
        actor,
        action: 'user.password_change',
        target: actor,
        details: { otherSessionsRevoked: true, resetLinksRemoved, apiTokensRevoked },
      });
      return answer.getSetCookie();
    },

    /**
     * After a completed password reset (the library has set the password and ended every session): the
     * user's other reset links die and every sign-in lock of the account opens.
     */
    async afterPasswordReset(userId: string) {
      const user = await repo.findById(userId);
      if (!user) return;
      await resetTokens.deleteAllOf(userId);
      await lock.unlock(user.email);
    },

    /** An administrator opens every sign-in lock of an account at once (audited). */
    async unlock(actor: SessionUser, uid: string): Promise<AdminUser> {
      const target = await targetOf(uid);
      if (!canUnlock(actor.role, toRole(target.role))) {
        await audit.record({ actor, action: 'access.denied', target, details: { attempted: 'user.unlock' } });
        throw forbidden();
      }
      const wasLocked = await lock.unlock(target.email);
      await audit.record({ actor, action: 'user.unlock', target, details: { wasLocked } });
      return adminUser(uid);
    },

    /** Scheduling and publishing call this first: a trial that has ended may read, not publish. */
    assertMayPublish(actor: SessionUser) {
      if (actor.trialEndsAt && actor.trialEndsAt <= clock()) {
        throw new AppError(
          403,
          'TRIAL_ENDED',
          `Your trial ended on ${actor.trialEndsAt.toISOString().slice(0, 10)}. You can still see your content, but scheduling and publishing need an administrator to extend your trial.`,
        );
      }
    },

    async list(limit: number, startAfter?: string): Promise<UserList> {
      const after = startAfter === undefined ? undefined : decodeCursor(startAfter);
      if (after === null) {
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          'Invalid querystring: startAfter (not a cursor this API gave out)',
          {
            fields: { startAfter: 'errors.validation' },
          },
        );
      }
      const rows = await repo.list(limit, after);
      const page = rows.slice(0, limit);
      return {
        data: {
          data: await adminUsers(page),
          nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
        },
      };
    },

    async create(actor: SessionUser, input: CreateUserBody): Promise<AdminUser> {
      if (await repo.findByEmail(input.email))
        throw validation('email', 'users.emailTaken', 'already in use');
      const { user } = await auth.api.createUser({
        body: {
          email: input.email,
          password: input.password,
          name: input.displayName,
          role: input.role as never,
        },
      });
      changed(user.id);
      await audit.record({ actor, action: 'user.create', target: user, details: { role: input.role } });
      return adminUser(user.id);
    },

    async changeRole(actor: SessionUser, uid: string, role: Role): Promise<AdminUser> {
      const target = await targetOf(uid);
      const from = toRole(target.role);
      if (!assignableRoles(actor.role, from).includes(role)) {
        await audit.record({
          actor,
          action: 'access.denied',
          target,
          details: { attempted: 'user.role', from, to: role },
        });
        throw forbidden();
      }
      assertChanged(await repo.changeRole(uid, role));
      changed(uid);
      await audit.record({ actor, action: 'user.role', target, details: { from, to: role } });
      return adminUser(uid);
    },

    async remove(actor: SessionUser, uid: string) {
      const target = await targetOf(uid);
      assertChanged(await repo.remove(uid));
      changed(uid);
      await audit.record({ actor, action: 'user.delete', target, details: { role: target.role } });
    },

    /** A trial continues `days` from its end, or from now when it has already ended. */
    async extendTrial(actor: SessionUser, uid: string, days: number): Promise<AdminUser> {
      const target = await targetOf(uid);
      if (!target.trialEndsAt) throw new AppError(409, 'NOT_A_TRIAL', 'This account is not a trial account.');
      const from = Math.max(target.trialEndsAt.getTime(), clock().getTime());
      const trialEndsAt = new Date(from + days * DAY_MS);
      await repo.setTrialEndsAt(uid, trialEndsAt);
      changed(uid);
      await audit.record({
        actor,
        action: 'user.extend_trial',
        target,
        details: { days, trialEndsAt: trialEndsAt.toISOString() },
      });
      return adminUser(uid);
    },

    async needsAdmin() {
      return !(await repo.hasAnyUser());
    },

    /** The first account of an installation; it becomes super_admin. Refused once any user exists. */
    async createFirstAdmin(input: CreateAdminBody) {
      if ((await repo.hasAnyUser()) || !(await repo.claimFirstAdmin())) {
        throw new AppError(409, 'ADMIN_EXISTS', 'The administrator account already exists. Please log in.');
      }
      try {
        await auth.api.createUser({
          body: {
            email: input.email,
            password: input.password,
            name: input.name,
            role: 'super_admin' as never,
          },
        });
      } catch (error) {
        await repo.releaseFirstAdmin();
        throw error;
      }
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
