import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWorkspaceInput,
  UpdateWorkspaceInput,
  Workspace,
} from '../../../../shared/api/workspaces.schemas';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from './get-workspaces';

export const createWorkspace = (body: CreateWorkspaceInput) =>
  api<Workspace>('/workspaces', { method: 'POST', body, workspace: false });

export const updateWorkspace = (id: string, body: UpdateWorkspaceInput) =>
  api<Workspace>(`/workspaces/${encodeURIComponent(id)}`, { method: 'PATCH', body, workspace: false });

export const deleteWorkspace = (id: string) =>
  api<null>(`/workspaces/${encodeURIComponent(id)}`, { method: 'DELETE', workspace: false });

const useWorkspaceMutation = <A, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
};

export const useCreateWorkspace = () => useWorkspaceMutation(createWorkspace);
export const useUpdateWorkspace = () =>
  useWorkspaceMutation(({ id, body }: { id: string; body: UpdateWorkspaceInput }) =>
    updateWorkspace(id, body),
  );
/**
 * Deletes a workspace. The list is read again only once the page has left it (`forget`): read before,
 * the pages of the deleted workspace would move to another one on their own.
 */
export const useDeleteWorkspace = () => {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteWorkspace });
  const forget = () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
  return { ...mutation, forget };
};
