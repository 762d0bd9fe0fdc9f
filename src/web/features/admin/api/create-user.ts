import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, CreateUserBody } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { adminStatsQueryKey } from './get-admin-stats';
import { usersQueryKey } from './get-users';

export const createUser = (body: CreateUserBody) => api<AdminUser>('/users', { method: 'POST', body });

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
    },
  });
};
