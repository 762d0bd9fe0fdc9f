import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsTimeline } from '../../../../shared/api/analytics.schemas';
import { api } from '../../../lib/api-client';
import { analyticsKey, type DayRange, rangeQuery } from './range';

export const getTimeline = (range: DayRange) =>
  api<AnalyticsTimeline>(`/analytics/timeline?${rangeQuery(range)}`);

/** Likes, shares and comments gained each day of the range (GET /api/analytics/timeline). */
export const useAnalyticsTimeline = (range: DayRange) =>
  useQuery(
    queryOptions({
      queryKey: [...analyticsKey, 'timeline', range.from, range.to],
      queryFn: () => getTimeline(range),
      placeholderData: keepPreviousData,
    }),
  );
