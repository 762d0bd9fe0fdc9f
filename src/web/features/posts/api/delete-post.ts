import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

export const deletePost = (id: string) => api<null>(`/posts/${id}`, { method: 'DELETE' });

export const useDeletePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};
