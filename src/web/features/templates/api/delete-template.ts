import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { templatesQueryKey } from './get-templates';

export const deleteTemplate = (id: string) => api<null>(`/templates/${id}`, { method: 'DELETE' });

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
};
