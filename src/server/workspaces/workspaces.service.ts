import {
  type CreateWorkspaceInput,
  OWNED_WORKSPACES_MAX,
  type UpdateWorkspaceInput,
  type Workspace,
  type WorkspaceList,
} from '../../shared/api/workspaces.schemas';
import { can, type WorkspaceAction } from '../../shared/workspaces/rules';
import type { AuditRepo } from '../audit/audit.repo';
import { type SessionUser, workspaceNotFound, workspaceRoleForbids } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import { AppError } from '../http/errors';
import { asWorkspaceId, type Membership, type WorkspacesRepo } from './workspaces.repo';

const toWorkspace = (m: Membership): Workspace => ({
  id: m.id,
  name: m.name,
  timeZone: m.timezone,
  approvalRequired: m.approvalRequired,
  personal: m.personal,
  role: m.role,
});

export interface WorkspacesServiceDeps {
  repo: WorkspacesRepo;
  audit: AuditRepo;
  /** Told of each change, so this process's remembered sessions read their workspaces again at once. */
  changes: ChangeFeed;
}

/**
 * The workspaces a user belongs to, made, renamed and deleted (decision 042). A route names the
 * workspace in its path; the caller's role there (not in the request's workspace) decides.
 */
export function createWorkspacesService({ repo, audit, changes }: WorkspacesServiceDeps) {
  /** The caller's membership of `wid` when their role there allows `action`; 404 when not a member. */
  const allowed = async (actor: SessionUser, wid: string, action: WorkspaceAction) => {
    const member = await repo.membership(actor.id, asWorkspaceId(wid));
    if (!member) throw workspaceNotFound();
    if (!can(member.role, action)) {
      await audit.record({
        actor,
        action: 'access.denied',
        details: { workspace: member.id, workspaceRole: member.role, needs: action },
      });
      throw workspaceRoleForbids();
    }
    return member;
  };

  return {
    async list(actor: SessionUser): Promise<WorkspaceList> {
      const all = await repo.membershipsOf(actor.id);
      return { data: all.map(toWorkspace), current: actor.workspace.id };
    },

    async get(actor: SessionUser, wid: string): Promise<Workspace> {
      return toWorkspace(await allowed(actor, wid, 'read'));
    },

    async create(actor: SessionUser, input: CreateWorkspaceInput): Promise<Workspace> {
      const id = await repo.create(actor.id, input.name.trim(), input.timeZone ?? null, OWNED_WORKSPACES_MAX);
      if (!id)
        throw new AppError(
          409,
          'TOO_MANY_WORKSPACES',
          `You already own ${OWNED_WORKSPACES_MAX} workspaces; delete one first.`,
          { params: { max: OWNED_WORKSPACES_MAX } },
        );
      changes.touch('auth', actor.id);
      await audit.record({
        actor,
        action: 'workspace.created',
        details: { workspace: id, name: input.name },
      });
      return toWorkspace((await repo.membership(actor.id, id))!);
    },

    async update(actor: SessionUser, wid: string, input: UpdateWorkspaceInput): Promise<Workspace> {
      const member = await allowed(actor, wid, 'manageSettings');
      await repo.update(member.id, { name: input.name?.trim(), timezone: input.timeZone });
      changes.touch('auth', actor.id);
      await audit.record({
        actor,
        action: 'workspace.updated',
        details: { workspace: member.id, ...input },
      });
      return toWorkspace((await repo.membership(actor.id, member.id)) ?? member);
    },

    /** Deletes the workspace and everything in it; a personal workspace goes only with its user. */
    async remove(actor: SessionUser, wid: string) {
      const member = await allowed(actor, wid, 'own');
      if (member.personal)
        throw new AppError(409, 'PERSONAL_WORKSPACE', 'Your personal workspace cannot be deleted.');
      await repo.remove(member.id);
      changes.touch('auth', actor.id);
      await audit.record({
        actor,
        action: 'workspace.deleted',
        details: { workspace: member.id, name: member.name },
      });
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
