import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';

/** Forgets one connected account (the server deletes its tokens). */
export const disconnectAccount = (id: string) => api<null>(`/social/accounts/${id}`, { method: 'DELETE' });

export const useDisconnectAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    // Settles once the profile is fresh, so the dialog shows the new state when it closes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
