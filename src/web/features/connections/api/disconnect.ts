import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '../../../../shared/platforms/rules';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';

/** Forgets a network's account (the server deletes its tokens). */
export const disconnect = (platform: Platform) =>
  api<null>(`/social/${platform}/connection`, { method: 'DELETE' });

export const useDisconnect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnect,
    // Settles once the profile is fresh, so the dialog shows the new state when it closes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
