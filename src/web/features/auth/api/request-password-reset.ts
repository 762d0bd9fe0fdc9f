import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) =>
  api<{ status: boolean }>('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
