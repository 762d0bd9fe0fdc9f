import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';

/** The answer sets a new session cookie for this browser; the user's other sessions end. */
export const changePassword = (body: ChangePasswordBody) =>
  api<null>('/users/profile/password', { method: 'POST', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
