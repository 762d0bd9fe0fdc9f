import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '../../../../shared/api/auth.schemas';
import { api } from '../../../lib/api-client';
import { noteSignedOut, profileQueryKey } from '../../../lib/session';

export const signIn = (body: SignInBody) =>
  api<{ user: { id: string } }>('/auth/sign-in/email', { method: 'POST', body, expectUnauthorized: true });

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Not awaited: the login page redirects as soon as the refetched profile arrives.
    onSuccess: () => {
      noteSignedOut(false);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
};
