import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { api } from '../../../lib/api-client';
import { recurringPostsQueryKey } from './get-recurring-posts';

/** Sends a waiting recurring post back to its author, with why. */
export const useRejectRecurringPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<RecurringPost>(`/recurring-posts/${id}/reject`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringPostsQueryKey }),
  });
};
