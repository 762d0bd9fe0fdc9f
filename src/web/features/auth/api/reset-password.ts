import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: { newPassword: string; token: string }) =>
  api<{ status: boolean }>('/auth/reset-password', { method: 'POST', body, expectUnauthorized: true });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
