import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminStatsQueryKey } from './get-admin-stats';
import { usersQueryKey } from './get-users';

export const deleteUser = (uid: string) =>
  api<null>(`/users/${encodeURIComponent(uid)}`, { method: 'DELETE' });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
    },
  });
};
