import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { variablesQueryKey, type VariablesResponse } from './get-variables';

export const deleteVariable = (name: string) =>
  api<VariablesResponse>(`/variables/${encodeURIComponent(name)}`, { method: 'DELETE' });

export const useDeleteVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVariable,
    onSuccess: ({ data }) => queryClient.setQueryData(variablesQueryKey, data),
  });
};
