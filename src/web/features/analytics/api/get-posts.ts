import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPostList, AnalyticsSort } from '../../../../shared/api/analytics.schemas';
import { api } from '../../../lib/api-client';
import { analyticsKey, type DayRange, rangeQuery } from './range';

export interface PostsSort {
  sort: AnalyticsSort;
  order: 'asc' | 'desc';
}

/** The page size of the posts table. */
export const POSTS_PAGE = 50;

export const getAnalyticsPosts = (range: DayRange, sort: PostsSort, page: number) =>
  api<AnalyticsPostList>(
    `/analytics/posts?${rangeQuery(range, { ...sort, limit: String(POSTS_PAGE), offset: String(page * POSTS_PAGE) })}`,
  );

/** Each published post of the range with its latest figures and reading state (GET /api/analytics/posts). */
export const useAnalyticsPosts = (range: DayRange, sort: PostsSort, page: number) =>
  useQuery(
    queryOptions({
      queryKey: [...analyticsKey, 'posts', range.from, range.to, sort.sort, sort.order, page],
      queryFn: () => getAnalyticsPosts(range, sort, page),
      placeholderData: keepPreviousData,
    }),
  );
