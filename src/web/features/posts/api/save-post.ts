import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostWrite } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Creates a post, or rewrites one when `id` is given. */
export const savePost = ({ id, body }: { id?: string; body: PostWrite }) =>
  api<Post>(id ? `/posts/${id}` : '/posts', { method: id ? 'PUT' : 'POST', body });

export const useSavePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};
