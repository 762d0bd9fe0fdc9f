import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/api/analytics.schemas';
import { api } from '../../../lib/api-client';
import { analyticsKey, type DayRange, rangeQuery } from './range';

export const getSummary = (range: DayRange) =>
  api<AnalyticsSummary>(`/analytics/summary?${rangeQuery(range)}`);

/** Per network: posts in the range and the sums of their latest figures (GET /api/analytics/summary). */
export const useAnalyticsSummary = (range: DayRange) =>
  useQuery(
    queryOptions({
      queryKey: [...analyticsKey, 'summary', range.from, range.to],
      queryFn: () => getSummary(range),
      placeholderData: keepPreviousData,
    }),
  );
