import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { variablesQueryKey, type VariablesResponse } from './get-variables';

export const setVariable = ({ name, value }: { name: string; value: string }) =>
  api<VariablesResponse>(`/variables/${encodeURIComponent(name)}`, { method: 'PUT', body: { value } });

/** Adds a variable or changes its value. */
export const useSetVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVariable,
    onSuccess: ({ data }) => queryClient.setQueryData(variablesQueryKey, data),
  });
};
