import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '../../shared/api/workspaces.schemas';
import { can, type WorkspaceAction } from '../../shared/workspaces/rules';
import { useWorkspaceId } from './workspace';
import { workspacesListOptions } from './workspaces-query';

/** The workspace this tab acts in, from the shared list: undefined while it loads. */
export function useCurrentWorkspace(): Workspace | undefined {
  const { data } = useQuery(workspacesListOptions);
  const id = useWorkspaceId();
  return data?.data.find((w) => w.id === id);
}

/**
 * Whether the caller's role in this tab's workspace allows `action` (`shared/workspaces/rules.ts`, the
 * table the server enforces): what it does not allow is left out of the page, not merely disabled.
 */
export function useCan(action: WorkspaceAction): boolean {
  const workspace = useCurrentWorkspace();
  return workspace ? can(workspace.role, action) : false;
}
