import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getHashtagSuggestions = (q: string) =>
  api<{ data: string[] }>(`/hashtags/suggestions?q=${encodeURIComponent(q)}`).then((r) => r.data);

/** Suggestions for a keyword; a blank keyword asks nothing. */
export const useHashtagSuggestions = (q: string) =>
  useQuery(
    queryOptions({
      queryKey: ['hashtags', 'suggestions', q],
      queryFn: () => getHashtagSuggestions(q),
      enabled: q.trim().length > 0,
    }),
  );
