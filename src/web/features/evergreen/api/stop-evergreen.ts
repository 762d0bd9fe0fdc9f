import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evergreenQueryKey } from './get-evergreen';

// DELETE /api/posts/:id/evergreen: the post is no longer recycled; the copies made stay.
export const stopEvergreen = (postId: string) =>
  api<null>(`/posts/${postId}/evergreen`, { method: 'DELETE' });

export const useStopEvergreen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopEvergreen,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: evergreenQueryKey }),
  });
};
