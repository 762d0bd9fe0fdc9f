import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type WorkspaceRole, toWorkspaceRole } from '../../shared/workspaces/rules';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { workspaceMembers, workspaces } from '../db/schema';

/**
 * A workspace's id. Branded, so that a user's id can never be passed where a workspace scopes a query:
 * both are strings, and a personal workspace's rows would otherwise pass a test with either.
 */
export type WorkspaceId = string & { readonly __brand: 'WorkspaceId' };
export const asWorkspaceId = (id: string) => id as WorkspaceId;

/** A workspace as one of its members sees it. */
export interface Membership {
  id: WorkspaceId;
  name: string;
  timezone: string | null;
  approvalRequired: boolean;
  /** Whether it is this member's own personal workspace. */
  personal: boolean;
  role: WorkspaceRole;
}

const membershipColumns = {
  id: workspaces.id,
  name: workspaces.name,
  timezone: workspaces.timezone,
  approvalRequired: workspaces.approvalRequired,
  personalOf: workspaces.personalOf,
  role: workspaceMembers.role,
};
interface MembershipRow {
  id: string;
  name: string;
  timezone: string | null;
  approvalRequired: boolean;
  personalOf: string | null;
  role: string;
}
const toMembership = (userId: string, row: MembershipRow): Membership => ({
  id: asWorkspaceId(row.id),
  name: row.name,
  timezone: row.timezone,
  approvalRequired: row.approvalRequired,
  personal: row.personalOf === userId,
  role: toWorkspaceRole(row.role) ?? 'reviewer',
});

export function createWorkspacesRepo(db: Db) {
  return {
    /** The workspaces `userId` belongs to: the personal one first, then by name. One indexed read. */
    async membershipsOf(userId: string): Promise<Membership[]> {
      const rows = await db
        .select(membershipColumns)
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(
          sql`${workspaces.personalOf} is distinct from ${userId}`,
          asc(workspaces.name),
          asc(workspaces.id),
        );
      return rows.map((row) => toMembership(userId, row));
    },
    /** `userId`'s membership of one workspace, or undefined when they are not a member (or it is gone). */
    async membership(userId: string, workspaceId: WorkspaceId): Promise<Membership | undefined> {
      const [row] = await db
        .select(membershipColumns)
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)));
      return row ? toMembership(userId, row) : undefined;
    },
    /**
     * Makes `userId`'s personal workspace, named `name`, with them its owner, unless they have one: a user
     * made by any path (sign-up, an administrator, a trial, single sign-on) gets it on their first request.
     */
    async ensurePersonal(userId: string, name: string, timezone: string | null) {
      await transaction(db, async (tx) => {
        const [made] = await tx
          .insert(workspaces)
          .values({ name, timezone, personalOf: userId })
          .onConflictDoNothing({ target: workspaces.personalOf })
          .returning({ id: workspaces.id });
        if (made)
          await tx
            .insert(workspaceMembers)
            .values({ workspaceId: made.id, userId, role: 'owner' })
            .onConflictDoNothing();
      });
    },
    /** A new workspace with `userId` its owner; at most `max` workspaces owned by one user (counted under a lock). */
    async create(
      userId: string,
      name: string,
      timezone: string | null,
      max: number,
    ): Promise<WorkspaceId | null> {
      return transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'workspaces', userId);
        const [held] = await tx
          .select({ n: count() })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
        if ((held?.n ?? 0) >= max) return null;
        const [made] = await tx
          .insert(workspaces)
          .values({ name, timezone })
          .returning({ id: workspaces.id });
        await tx.insert(workspaceMembers).values({ workspaceId: made!.id, userId, role: 'owner' });
        return asWorkspaceId(made!.id);
      });
    },
    /** Changes what is given; says whether the workspace exists. */
    async update(
      id: WorkspaceId,
      changes: { name?: string; timezone?: string | null; approvalRequired?: boolean },
    ) {
      const rows = await db
        .update(workspaces)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(workspaces.id, id))
        .returning({ id: workspaces.id });
      return rows.length > 0;
    },
    /** Deletes the workspace and everything it owns (each scoped table cascades from it). */
    async remove(id: WorkspaceId) {
      const rows = await db.delete(workspaces).where(eq(workspaces.id, id)).returning({ id: workspaces.id });
      return rows.length > 0;
    },
  };
}
export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>;

/** Where a row is written: the workspace that owns it and the member who made it. */
export interface Scope {
  workspaceId: WorkspaceId;
  userId: string;
}
