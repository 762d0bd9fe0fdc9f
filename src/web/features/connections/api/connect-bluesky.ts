import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlueskyConnectBody } from '../../../../shared/api/connections.schemas';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';

/** Bluesky connects with a handle and an app password, without leaving the page. */
export const connectBluesky = (body: BlueskyConnectBody) =>
  api<{ username: string }>('/social/bluesky/connect', { method: 'POST', body });

export const useConnectBluesky = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBluesky,
    // Settles once the profile is fresh, so the dialog shows the new state when it closes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
