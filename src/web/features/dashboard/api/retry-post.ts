import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { dashboardQueryKey } from './get-dashboard';

/** Sends a post's failed networks again, now (POST /api/posts/:id/retry); the published ones are left alone. */
export const retryPost = (id: string) => api<Post>(`/posts/${id}/retry`, { method: 'POST' });

/** Retry from the dashboard: the lists are asked again, so the post leaves Failures for Upcoming. */
export const useRetryPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
};
