import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';
import { postQueryKey } from './get-post';

/** A draft copy of a post (its content, networks, accounts and media; its date when still ahead). */
export const duplicatePost = (id: string) => api<Post>(`/posts/${id}/duplicate`, { method: 'POST' });

export const useDuplicatePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicatePost,
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
};
