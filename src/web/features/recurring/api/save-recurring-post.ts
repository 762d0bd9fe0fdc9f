import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringPost, RecurringWrite } from '../../../../shared/api/recurring.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';
import { recurringPostsQueryKey } from './get-recurring-posts';

/** Creates a recurring post, or rewrites one (its future occurrences only) when `id` is given. */
export const saveRecurringPost = ({ id, body }: { id?: string; body: RecurringWrite }) =>
  api<RecurringPost>(id ? `/recurring-posts/${id}` : '/recurring-posts', {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const useSaveRecurringPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecurringPost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recurringPostsQueryKey });
      // A rule due soon has its next occurrence made into a post at once: the calendar may have changed.
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
};
