import { useQuery } from '@tanstack/react-query';
import type { Feed, FeedList } from '../../../../shared/api/feeds.schemas';
import { api } from '../../../lib/api-client';

// GET /api/feeds: the workspace's feeds with their last read, read again while shown: every few seconds
// while one is about to be read (just added or resumed), else every minute.
export const feedsQueryKey = ['feeds'] as const;

export const getFeeds = () => api<FeedList>('/feeds');

const soon = (feed: Feed) => !feed.paused && Date.parse(feed.nextReadAt) < Date.now() + 60_000;

export const useFeeds = () =>
  useQuery({
    queryKey: feedsQueryKey,
    queryFn: getFeeds,
    refetchInterval: (query) => (query.state.data?.data.some(soon) ? 3000 : 60_000),
  });
