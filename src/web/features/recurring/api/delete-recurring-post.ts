import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';
import { recurringPostsQueryKey } from './get-recurring-posts';

export const deleteRecurringPost = (id: string) => api<null>(`/recurring-posts/${id}`, { method: 'DELETE' });

export const useDeleteRecurringPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurringPost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recurringPostsQueryKey });
      // Occurrences already made stay, but lose their link to the rule (their details say so no more).
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
};
