import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** Opens every sign-in lock of the account (audited on the server). */
export const unlockUser = ({ uid }: { uid: string }) =>
  api<AdminUser>(`/users/${encodeURIComponent(uid)}/unlock`, { method: 'POST', body: {} });

export const useUnlockUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
};
