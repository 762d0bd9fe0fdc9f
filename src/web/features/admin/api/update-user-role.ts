import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/api/users.schemas';
import type { Role } from '../../../../shared/roles';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';
import { usersQueryKey } from './get-users';

export const updateUserRole = ({ uid, role }: { uid: string; role: Role }) =>
  api<AdminUser>(`/users/${encodeURIComponent(uid)}`, { method: 'PUT', body: { role } });

export const useUpdateUserRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      // Changing one's own role changes what this very page may show.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
};
