import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedsQueryKey } from './get-feeds';

// DELETE /api/feeds/:id: the posts it made stay.
export const deleteFeed = (id: string) => api<null>(`/feeds/${id}`, { method: 'DELETE' });

export const useDeleteFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: feedsQueryKey }),
  });
};
