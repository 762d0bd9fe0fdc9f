import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './get-post';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Sends a post's failed networks again, now; the published ones are left alone. */
export const retryPost = (id: string) => api<Post>(`/posts/${id}/retry`, { method: 'POST' });

export const useRetryPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPost,
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
};
