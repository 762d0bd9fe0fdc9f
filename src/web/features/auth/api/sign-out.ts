import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { noteSignedOut, profileQueryKey } from '../../../lib/session';

export const signOut = () =>
  api<{ success: boolean }>('/auth/sign-out', { method: 'POST', body: {}, expectUnauthorized: true });

/** Signing out forgets everything cached for the user, then marks the session as gone. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      noteSignedOut(true);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== profileQueryKey[0] });
      queryClient.setQueryData(profileQueryKey, null);
    },
  });
};
