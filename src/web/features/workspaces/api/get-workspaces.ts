import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspacesListOptions } from '../../../lib/workspaces-query';

export const workspacesQueryKey = workspacesListOptions.queryKey;

export const workspacesQueryOptions = () => queryOptions(workspacesListOptions);

export const useWorkspaces = () => useQuery(workspacesQueryOptions());
