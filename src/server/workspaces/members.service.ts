import { hashLinkToken, newLinkToken } from '../auth/link-token';
import {
  type AcceptInvitationInput,
  type ChangeMemberRoleInput,
  type CreateInvitationInput,
  INVITATION_DAYS,
  type Invitation,
  type InvitationMade,
  type InvitationView,
  type Member,
  type MemberList,
  WAITING_INVITATIONS_MAX,
} from '../../shared/api/members.schemas';
import { assignableWorkspaceRoles, type WorkspaceRole } from '../../shared/workspaces/rules';
import type { AuditRepo } from '../audit/audit.repo';
import type { Auth } from '../auth/auth';
import { type SessionUser, type SignedInUser, workspaceRoleForbids } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import { AppError } from '../http/errors';
import type { MailService } from '../mail/mail.service';
import type { UsersRepo } from '../users/users.repo';
import type { InvitationRow, MemberChange, MemberRow, MembersRepo } from './members.repo';
import type { Membership } from './workspaces.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const toMember = (row: MemberRow): Member => ({
  ...row,
  joinedAt: row.joinedAt.toISOString(),
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
});
const toInvitation = (row: InvitationRow, now: Date): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  status: row.expiresAt > now ? 'waiting' : 'expired',
});

const memberNotFound = () =>
  new AppError(404, 'MEMBER_NOT_FOUND', 'This person is not a member of this workspace.');
const invitationNotFound = () =>
  new AppError(404, 'INVITATION_NOT_FOUND', 'This invitation does not exist. Check the link you were sent.');
/** Why a change of a member was refused, as the API says it. */
function refusal(outcome: Exclude<MemberChange, 'done'>) {
  if (outcome === 'missing') return memberNotFound();
  if (outcome === 'personal_owner')
    return new AppError(409, 'PERSONAL_OWNER', 'A personal workspace always keeps its own owner.');
  return new AppError(409, 'LAST_OWNER', 'A workspace needs an owner: make someone else an owner first.');
}
/** The invitation as its link's holder may use it, or why they cannot. */
function usable(row: InvitationRow | undefined, now: Date): InvitationRow {
  if (!row) throw invitationNotFound();
  if (row.acceptedAt) throw new AppError(410, 'INVITATION_USED', 'This invitation was already used.');
  if (row.revokedAt) throw new AppError(410, 'INVITATION_REVOKED', 'This invitation was withdrawn.');
  if (row.expiresAt <= now)
    throw new AppError(410, 'INVITATION_EXPIRED', 'This invitation has expired. Ask for a new one.');
  return row;
}

export interface MembersServiceDeps {
  repo: MembersRepo;
  users: UsersRepo;
  audit: AuditRepo;
  auth: Auth;
  mail: MailService;
  changes: ChangeFeed;
  publicUrl: string;
  clock: () => Date;
  /** Whether accounts with a password may be made (not with OIDC_ONLY: then one signs in to accept). */
  passwordAccounts: boolean;
}

/**
 * The members of a workspace, their roles, and invitations to join (issue 25, decision 042). The routes
 * hand over the caller's membership of the path's workspace, its role already checked (`guards.mayAt`).
 */
export function createMembersService(deps: MembersServiceDeps) {
  const { repo, users, audit, auth, mail, changes, publicUrl, clock, passwordAccounts } = deps;

  /** The member `userId`, whose role `actor` may change (never an owner, for an admin). */
  const manageable = async (actor: Membership, userId: string) => {
    const target = await repo.member(actor.id, userId);
    if (!target) throw memberNotFound();
    if (assignableWorkspaceRoles(actor.role, target.role).length === 0) throw workspaceRoleForbids();
    return target;
  };

  return {
    async list(member: Membership): Promise<MemberList> {
      return { data: (await repo.list(member.id)).map(toMember) };
    },

    async changeRole(actor: SessionUser, at: Membership, userId: string, { role }: ChangeMemberRoleInput) {
      const target = await manageable(at, userId);
      if (!assignableWorkspaceRoles(at.role, target.role).includes(role as WorkspaceRole))
        throw workspaceRoleForbids();
      const outcome = await repo.changeRole(at.id, userId, role as WorkspaceRole);
      if (outcome !== 'done') throw refusal(outcome);
      changes.touch('auth', userId);
      await audit.record({
        actor,
        action: 'workspace.member_role_changed',
        details: { workspace: at.id, userId, from: target.role, to: role },
      });
      return toMember((await repo.list(at.id)).find((m) => m.userId === userId)!);
    },

    /** Takes a member out (`userId` another than the caller, whose role they may manage) or the caller. */
    async remove(actor: SessionUser, at: Membership, userId: string) {
      const leaving = userId === actor.id;
      const target = leaving ? await repo.member(at.id, userId) : await manageable(at, userId);
      if (!target) throw memberNotFound();
      const outcome = await repo.remove(at.id, userId);
      if (outcome !== 'done') throw refusal(outcome);
      changes.touch('auth', userId);
      await audit.record({
        actor,
        action: leaving ? 'workspace.left' : 'workspace.member_removed',
        details: { workspace: at.id, userId, role: target.role },
      });
    },

    async invitations(at: Membership) {
      const now = clock();
      return { data: (await repo.invitations(at.id)).map((row) => toInvitation(row, now)) };
    },

    /**
     * Invites `email` as `role`: a one-use link for 7 days, mailed to them; when no mail can leave this
     * server, the link is in the answer instead, for the inviter to pass on.
     */
    async invite(actor: SessionUser, at: Membership, input: CreateInvitationInput): Promise<InvitationMade> {
      const role = input.role as WorkspaceRole;
      if (!assignableWorkspaceRoles(at.role, 'reviewer').includes(role)) throw workspaceRoleForbids();
      const email = input.email.trim().toLowerCase();
      const token = newLinkToken();
      const now = clock();
      const outcome = await repo.invite(
        {
          workspaceId: at.id,
          email,
          role,
          tokenHash: hashLinkToken(token),
          invitedBy: actor.id,
          expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        },
        now,
        WAITING_INVITATIONS_MAX,
      );
      if ('refused' in outcome) {
        if (outcome.refused === 'member')
          throw new AppError(409, 'ALREADY_MEMBER', 'This person is already a member of this workspace.');
        throw new AppError(
          409,
          'TOO_MANY_INVITATIONS',
          `${WAITING_INVITATIONS_MAX} invitations are waiting already; withdraw some first.`,
          { params: { max: WAITING_INVITATIONS_MAX } },
        );
      }
      const link = `${publicUrl}/invite#${token}`;
      await mail.send({
        to: email,
        subject: `${actor.name} invites you to ${at.name} on Postwell`,
        text: `Hello,\n\n${actor.name} (${actor.email}) invites you to the workspace "${at.name}" on Postwell, as ${role}.\nOpen this link within ${INVITATION_DAYS} days to accept; it works once:\n${link}\n\nIf you do not know ${actor.name}, ignore this mail.`,
      });
      await audit.record({
        actor,
        action: 'workspace.invited',
        details: { workspace: at.id, invitation: outcome.made.id, email, role, linkShown: !mail.canSend },
      });
      return { invitation: toInvitation(outcome.made, now), link: mail.canSend ? null : link };
    },

    async revoke(actor: SessionUser, at: Membership, id: string) {
      const revoked = await repo.revoke(at.id, id, clock());
      if (!revoked) throw invitationNotFound();
      await audit.record({
        actor,
        action: 'workspace.invitation_revoked',
        details: { workspace: at.id, invitation: id, email: revoked.email },
      });
    },

    /** What the holder of a link learns of its invitation. */
    async view(token: string): Promise<InvitationView> {
      const row = usable(await repo.byTokenHash(hashLinkToken(token)), clock());
      return {
        workspaceName: row.workspaceName,
        role: row.role,
        email: row.email,
        invitedBy: row.invitedBy,
        expiresAt: row.expiresAt.toISOString(),
        hasAccount: Boolean(await users.findByEmail(row.email)),
        passwordAccounts,
      };
    },

    /**
     * Accepts an invitation: signed in (`user`) with the invited address, they join; without a session,
     * a new account with that address is made (even with sign-up closed: the invitation is the
     * permission) and joins. Says which workspace, and for a new account the credentials to sign in with.
     */
    async accept(
      token: string,
      user: SignedInUser | undefined,
      input: AcceptInvitationInput,
    ): Promise<{ workspaceId: string; created?: { email: string; password: string } }> {
      const now = clock();
      const row = usable(await repo.byTokenHash(hashLinkToken(token)), now);
      const gone = () => usable({ ...row, acceptedAt: now }, now);
      if (user) {
        if (user.email.toLowerCase() !== row.email.toLowerCase())
          throw new AppError(
            403,
            'INVITATION_EMAIL',
            `This invitation is for ${row.email}. Sign in with that address to accept it.`,
            { params: { email: row.email } },
          );
        if (!(await repo.claim(row.id, now, user.id))) gone();
        changes.touch('auth', user.id);
        await audit.record({
          actor: user,
          action: 'workspace.invitation_accepted',
          details: { workspace: row.workspaceId, invitation: row.id, role: row.role },
        });
        return { workspaceId: row.workspaceId };
      }
      if (await users.findByEmail(row.email))
        throw new AppError(
          409,
          'INVITATION_SIGN_IN',
          `An account with ${row.email} exists: sign in to accept this invitation.`,
          { params: { email: row.email } },
        );
      if (!passwordAccounts)
        throw new AppError(
          403,
          'PASSWORD_SIGN_IN_DISABLED',
          'Accounts here sign in with single sign-on: sign in that way, then accept.',
        );
      if (!input.name || !input.password)
        throw new AppError(400, 'VALIDATION_ERROR', 'Give your name and a password to make your account.', {
          fields: {
            ...(input.name ? {} : { name: 'setup.name_required' }),
            ...(input.password ? {} : { password: 'setup.password_too_short' }),
          },
        });
      if (!(await repo.claim(row.id, now))) gone();
      let made: { id: string; email: string };
      try {
        ({ user: made } = await auth.api.createUser({
          body: { email: row.email, name: input.name, password: input.password, role: 'user' as never },
        }));
        await repo.join(row.id, made.id);
      } catch (error) {
        await repo.release(row.id);
        throw error;
      }
      changes.touch('auth', made.id);
      await audit.record({
        actor: made,
        action: 'workspace.invitation_accepted',
        details: { workspace: row.workspaceId, invitation: row.id, role: row.role, accountMade: true },
      });
      return { workspaceId: row.workspaceId, created: { email: row.email, password: input.password } };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
