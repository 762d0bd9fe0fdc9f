import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** The queued posts in a new order: they take the queue's slots in that order. */
export const reorderQueue = ({ accountId, posts }: { accountId: string; posts: string[] }) =>
  api<null>(`/social/accounts/${accountId}/queue/order`, { method: 'PUT', body: { posts } });

export const useReorderQueue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderQueue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};
