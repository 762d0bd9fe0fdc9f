import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewPage } from '../../../../shared/api/review-links.schemas';
import { api } from '../../../lib/api-client';

export const reviewPageQueryKey = (token: string) => ['review-page', token] as const;

/** A review link's page, for its holder without an account; asked again every minute (media links last an hour). */
export const useReviewPage = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: reviewPageQueryKey(token),
      queryFn: () => api<ReviewPage>(`/review/${encodeURIComponent(token)}`, { workspace: false }),
      enabled: token.length > 0,
      refetchInterval: 60_000,
      retry: false,
    }),
  );
