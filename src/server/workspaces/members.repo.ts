import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type WorkspaceRole, WORKSPACE_ROLES, toWorkspaceRole } from '../../shared/workspaces/rules';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import {
  apiTokens,
  users,
  workspaceInvitations,
  workspaceMemberActivity,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import type { WorkspaceId } from './workspaces.repo';

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
  lastActiveAt: Date | null;
  personalOwner: boolean;
}

/** What a change of one member came to. */
export type MemberChange = 'done' | 'missing' | 'last_owner' | 'personal_owner';

const roleRank = (role: WorkspaceRole) => WORKSPACE_ROLES.indexOf(role);

/**
 * Holds, until `tx` ends, the right to change the workspace's members: two owners demoting each other at
 * once would otherwise both see the other still an owner, and leave none.
 */
const lockMembers = (tx: Db, workspaceId: WorkspaceId) => lockOwnerRows(tx, 'members', workspaceId);

export function createMembersRepo(db: Db) {
  const memberIn = async (tx: Db, workspaceId: WorkspaceId, userId: string) => {
    const [row] = await tx
      .select({ role: workspaceMembers.role, personalOf: workspaces.personalOf })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    return row && { role: toWorkspaceRole(row.role) ?? 'reviewer', personalOwner: row.personalOf === userId };
  };
  /** Whether someone other than `userId` is an owner of the workspace. */
  const anotherOwner = async (tx: Db, workspaceId: WorkspaceId, userId: string) => {
    const [row] = await tx
      .select({ n: count() })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.role, 'owner'),
          ne(workspaceMembers.userId, userId),
        ),
      );
    return (row?.n ?? 0) > 0;
  };
  /** Why `userId` may not stop being an owner there, if they may not. */
  const keepsOwner = async (tx: Db, workspaceId: WorkspaceId, userId: string, role: WorkspaceRole) => {
    const member = await memberIn(tx, workspaceId, userId);
    if (!member) return 'missing' as const;
    if (member.role !== 'owner' || role === 'owner') return undefined;
    if (member.personalOwner) return 'personal_owner' as const;
    return (await anotherOwner(tx, workspaceId, userId)) ? undefined : ('last_owner' as const);
  };

  return {
    /** The members of a workspace, owners first, then by name. */
    async list(workspaceId: WorkspaceId): Promise<MemberRow[]> {
      const rows = await db
        .select({
          userId: workspaceMembers.userId,
          name: users.name,
          email: users.email,
          role: workspaceMembers.role,
          joinedAt: workspaceMembers.joinedAt,
          lastActiveAt: workspaceMemberActivity.lastActiveAt,
          personalOf: workspaces.personalOf,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .leftJoin(
          workspaceMemberActivity,
          and(
            eq(workspaceMemberActivity.workspaceId, workspaceMembers.workspaceId),
            eq(workspaceMemberActivity.userId, workspaceMembers.userId),
          ),
        )
        .where(eq(workspaceMembers.workspaceId, workspaceId));
      return rows
        .map(({ personalOf, ...row }) => ({
          ...row,
          role: toWorkspaceRole(row.role) ?? 'reviewer',
          personalOwner: personalOf === row.userId,
        }))
        .sort(
          (a, b) =>
            roleRank(a.role) - roleRank(b.role) ||
            a.name.localeCompare(b.name) ||
            a.userId.localeCompare(b.userId),
        );
    },

    member: (workspaceId: WorkspaceId, userId: string) => memberIn(db, workspaceId, userId),

    /** Gives `userId` the role `role`, unless the workspace would be left without an owner. */
    changeRole(workspaceId: WorkspaceId, userId: string, role: WorkspaceRole): Promise<MemberChange> {
      return transaction(db, async (tx) => {
        await lockMembers(tx, workspaceId);
        const refused = await keepsOwner(tx, workspaceId, userId, role);
        if (refused) return refused;
        await tx
          .update(workspaceMembers)
          .set({ role })
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        return 'done';
      });
    },

    /**
     * Takes `userId` out of the workspace, with the API tokens they made to act there (they would only
     * answer 404 from now on), unless that leaves it without an owner. Their posts and files stay.
     */
    remove(workspaceId: WorkspaceId, userId: string): Promise<MemberChange> {
      return transaction(db, async (tx) => {
        await lockMembers(tx, workspaceId);
        const refused = await keepsOwner(tx, workspaceId, userId, 'reviewer');
        if (refused) return refused;
        await tx
          .delete(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        await tx
          .delete(apiTokens)
          .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.userId, userId)));
        return 'done';
      });
    },

    /** Notes that `userId` did something in the workspace at `at` (a member only). */
    async touch(workspaceId: WorkspaceId, userId: string, at: Date) {
      await db.execute(sql`
        insert into ${workspaceMemberActivity} (workspace_id, user_id, last_active_at)
        select ${workspaceId}, ${userId}, ${at.toISOString()}::timestamptz
        where exists (select 1 from ${workspaceMembers}
                      where workspace_id = ${workspaceId} and user_id = ${userId})
        on conflict (workspace_id, user_id) do update set last_active_at = excluded.last_active_at`);
    },

    /**
     * A new invitation of `email` as `role`, replacing one still waiting for the same address; none when
     * the address is a member's already, or `max` invitations wait unexpired.
     */
    invite(
      input: {
        workspaceId: WorkspaceId;
        email: string;
        role: WorkspaceRole;
        tokenHash: string;
        invitedBy: string;
        expiresAt: Date;
      },
      now: Date,
      max: number,
    ): Promise<{ made: InvitationRow } | { refused: 'member' | 'too_many' }> {
      return transaction(db, async (tx) => {
        await lockMembers(tx, input.workspaceId);
        const [member] = await tx
          .select({ id: users.id })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(
            and(
              eq(workspaceMembers.workspaceId, input.workspaceId),
              sql`lower(${users.email}) = ${input.email}`,
            ),
          );
        if (member) return { refused: 'member' as const };
        await tx
          .update(workspaceInvitations)
          .set({ revokedAt: now })
          .where(
            and(waiting, eq(workspaceInvitations.workspaceId, input.workspaceId), sameEmail(input.email)),
          );
        const [held] = await tx
          .select({ n: count() })
          .from(workspaceInvitations)
          .where(
            and(
              waiting,
              eq(workspaceInvitations.workspaceId, input.workspaceId),
              gt(workspaceInvitations.expiresAt, now),
            ),
          );
        if ((held?.n ?? 0) >= max) return { refused: 'too_many' as const };
        const [made] = await tx
          .insert(workspaceInvitations)
          .values(input)
          .returning({ id: workspaceInvitations.id });
        return { made: (await invitationsWhere(tx, eq(workspaceInvitations.id, made!.id)))[0]! };
      });
    },

    /** The invitations of a workspace not used nor revoked (expired ones too), newest first. */
    invitations: (workspaceId: WorkspaceId) =>
      invitationsWhere(db, and(waiting, eq(workspaceInvitations.workspaceId, workspaceId))),

    /** Revokes a waiting invitation; says whether there was one. */
    async revoke(workspaceId: WorkspaceId, id: string, now: Date) {
      const rows = await db
        .update(workspaceInvitations)
        .set({ revokedAt: now })
        .where(
          and(waiting, eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)),
        )
        .returning({ email: workspaceInvitations.email });
      return rows[0];
    },

    /** The invitation a link's token hashes to, used or not. */
    async byTokenHash(tokenHash: string) {
      const [row] = await invitationsWhere(db, eq(workspaceInvitations.tokenHash, tokenHash));
      return row;
    },

    /**
     * Takes the invitation for its invitee, once: none when it was used, revoked or expired meanwhile.
     * With `userId` they join at once; without, an account is being made (then `join`, or `release`).
     */
    claim(id: string, now: Date, userId?: string): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [taken] = await tx
          .update(workspaceInvitations)
          .set({ acceptedAt: now, acceptedBy: userId ?? null })
          .where(and(waiting, eq(workspaceInvitations.id, id), gt(workspaceInvitations.expiresAt, now)))
          .returning({ workspaceId: workspaceInvitations.workspaceId, role: workspaceInvitations.role });
        if (!taken) return false;
        if (userId) await joinIn(tx, taken.workspaceId, userId, taken.role);
        return true;
      });
    },

    /** The new account `userId` joins as its claimed invitation `id` says. */
    join(id: string, userId: string): Promise<void> {
      return transaction(db, async (tx) => {
        const [taken] = await tx
          .update(workspaceInvitations)
          .set({ acceptedBy: userId })
          .where(eq(workspaceInvitations.id, id))
          .returning({ workspaceId: workspaceInvitations.workspaceId, role: workspaceInvitations.role });
        if (taken) await joinIn(tx, taken.workspaceId, userId, taken.role);
      });
    },

    /** Gives a claimed invitation back, when the account it was claimed for could not be made. */
    async release(id: string) {
      await db
        .update(workspaceInvitations)
        .set({ acceptedAt: null, acceptedBy: null })
        .where(eq(workspaceInvitations.id, id));
    },
  };
}
export type MembersRepo = ReturnType<typeof createMembersRepo>;

const waiting = and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));
const sameEmail = (email: string) => sql`lower(${workspaceInvitations.email}) = ${email.toLowerCase()}`;

/** Joins `userId` to the workspace as `role`; one already a member keeps the role they have. */
async function joinIn(tx: Db, workspaceId: string, userId: string, role: string) {
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role: toWorkspaceRole(role) ?? 'reviewer' })
    .onConflictDoNothing();
}

async function invitationsWhere(tx: Db, where: ReturnType<typeof and>) {
  const rows = await tx
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedBy: users.name,
      createdAt: workspaceInvitations.createdAt,
      expiresAt: workspaceInvitations.expiresAt,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(where)
    .orderBy(sql`${workspaceInvitations.createdAt} desc, ${workspaceInvitations.id}`);
  return rows.map((row) => ({ ...row, role: toWorkspaceRole(row.role) ?? 'reviewer' }));
}
export type InvitationRow = Awaited<ReturnType<typeof invitationsWhere>>[number];
