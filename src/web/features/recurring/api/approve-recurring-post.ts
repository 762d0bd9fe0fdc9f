import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';
import { recurringPostsQueryKey } from './get-recurring-posts';

/** Approves a waiting recurring post as read (`hash`: its `contentHash`): its first posts are made. */
export const useApproveRecurringPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hash }: { id: string; hash: string }) =>
      api<RecurringPost>(`/recurring-posts/${id}/approve`, { method: 'POST', body: { hash } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recurringPostsQueryKey });
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
};
