import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAdminBody } from '../../../../shared/api/auth.schemas';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';
import { setupStatusQueryKey } from './get-setup-status';

export const createAdmin = (body: CreateAdminBody) =>
  api<{ uid: string }>('/setup/admin', { method: 'POST', body });

export const useCreateAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: setupStatusQueryKey }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
