import { useQuery } from '@tanstack/react-query';
import type { Feed } from '../../../../shared/api/feeds.schemas';
import { api } from '../../../lib/api-client';

// GET /api/feeds: the workspace's feeds with their last read; read again every minute while shown.
export const feedsQueryKey = ['feeds'] as const;

export const getFeeds = () => api<{ data: Feed[] }>('/feeds');

export const useFeeds = () =>
  useQuery({ queryKey: feedsQueryKey, queryFn: getFeeds, refetchInterval: 60_000 });
