import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export const extendTrial = ({ uid, days }: { uid: string; days: number }) =>
  api<AdminUser>(`/users/${encodeURIComponent(uid)}/extend-trial`, { method: 'POST', body: { days } });

export const useExtendTrial = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendTrial,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
};
