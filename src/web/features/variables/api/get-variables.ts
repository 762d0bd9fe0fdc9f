import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Variables } from '../../../../shared/api/variables.schemas';
import { api } from '../../../lib/api-client';

// GET, PUT and DELETE /api/variables: one small resource, kept in one file.
const variablesQueryKey = ['variables'] as const;
type VariablesResponse = { data: Variables };

export const useVariables = () =>
  useQuery<Variables>({
    queryKey: variablesQueryKey,
    queryFn: () => api<VariablesResponse>('/variables').then((r) => r.data),
  });

export const useSetVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) =>
      api<VariablesResponse>(`/variables/${encodeURIComponent(name)}`, { method: 'PUT', body: { value } }),
    onSuccess: ({ data }) => queryClient.setQueryData(variablesQueryKey, data),
  });
};

export const useDeleteVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<VariablesResponse>(`/variables/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: ({ data }) => queryClient.setQueryData(variablesQueryKey, data),
  });
};
