import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feed, FeedWrite } from '../../../../shared/api/feeds.schemas';
import { api } from '../../../lib/api-client';
import { feedsQueryKey } from './get-feeds';

// POST /api/feeds, or PUT /api/feeds/:id for one that exists.
export const saveFeed = ({ id, body }: { id?: string; body: FeedWrite }) =>
  id ? api<Feed>(`/feeds/${id}`, { method: 'PUT', body }) : api<Feed>('/feeds', { method: 'POST', body });

export const useSaveFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: feedsQueryKey }),
  });
};
