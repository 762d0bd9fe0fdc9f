import type { WorkspaceList } from '../../shared/api/workspaces.schemas';
import { api } from './api-client';

/**
 * The list of the user's workspaces, one query the whole app shares (the switcher, the workspace route,
 * the time zone). Asked outside any workspace: a tab whose workspace was deleted still learns where to go.
 */
export const workspacesListOptions = {
  queryKey: ['workspaces'] as const,
  queryFn: () => api<WorkspaceList>('/workspaces', { workspace: false }),
  staleTime: 60_000,
};
