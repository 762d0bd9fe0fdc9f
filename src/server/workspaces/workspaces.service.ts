import {
  type CreateWorkspaceInput,
  OWNED_WORKSPACES_MAX,
  type UpdateWorkspaceInput,
  type Workspace,
  type WorkspaceList,
} from '../../shared/api/workspaces.schemas';
import type { AuditRepo } from '../audit/audit.repo';
import type { SessionUser } from '../auth/session';
import type { ChangeFeed } from '../db/change-feed';
import { AppError } from '../http/errors';
import type { Membership, WorkspacesRepo } from './workspaces.repo';

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
 * The workspaces a user belongs to, made, renamed and deleted (decision 042). A route that names the
 * workspace in its path hands over the caller's membership there, its role checked by `guards.mayAt`.
 */
export function createWorkspacesService({ repo, audit, changes }: WorkspacesServiceDeps) {
  return {
    async list(actor: SessionUser): Promise<WorkspaceList> {
      const all = await repo.membershipsOf(actor.id);
      return { data: all.map(toWorkspace), current: actor.workspace.id };
    },

    get: (member: Membership): Workspace => toWorkspace(member),

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

    /** `member`: the caller's membership there, which may manage its settings (`guards.mayAt`). */
    async update(actor: SessionUser, member: Membership, input: UpdateWorkspaceInput): Promise<Workspace> {
      await repo.update(member.id, {
        name: input.name?.trim(),
        timezone: input.timeZone,
        approvalRequired: input.approvalRequired,
      });
      changes.touch('auth', actor.id);
      await audit.record({
        actor,
        action: 'workspace.updated',
        details: { workspace: member.id, ...input },
      });
      return toWorkspace((await repo.membership(actor.id, member.id)) ?? member);
    },

    /** Deletes the workspace and everything in it; a personal workspace goes only with its user. */
    async remove(actor: SessionUser, member: Membership) {
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
