import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';

/** The answer sets a new session cookie for this browser; the user's other sessions end. */
export const changePassword = (body: ChangePasswordBody) =>
  api<null>('/users/profile/password', { method: 'POST', body });

/**
 * What the page shows may have changed with the password (the API tokens the user chose to revoke with
 * it): every query on screen is read again.
 */
export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => void queryClient.invalidateQueries(),
  });
};
