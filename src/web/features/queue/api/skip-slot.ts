import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Skips a slot (its post and those after it move on a slot each) or takes the skip back. */
export const skipSlot = ({ accountId, at, skipped }: { accountId: string; at: string; skipped: boolean }) =>
  api<null>(`/social/accounts/${accountId}/queue/skips`, { method: 'PUT', body: { at, skipped } });

export const useSkipSlot = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipSlot,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};
