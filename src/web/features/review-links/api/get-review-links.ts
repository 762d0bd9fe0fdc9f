import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewLink } from '../../../../shared/api/review-links.schemas';
import { api } from '../../../lib/api-client';

export const reviewLinksQueryKey = ['review-links'] as const;

/** The workspace's review links, newest first (asked only by those who may make them: `enabled`). */
export const useReviewLinks = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: reviewLinksQueryKey,
      queryFn: () => api<{ data: ReviewLink[] }>('/review-links'),
      enabled,
    }),
  );
