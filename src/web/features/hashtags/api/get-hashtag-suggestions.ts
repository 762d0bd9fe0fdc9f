import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getHashtagSuggestions = (q: string, text: string) =>
  api<{ data: string[] }>(
    `/hashtags/suggestions?q=${encodeURIComponent(q)}&text=${encodeURIComponent(text)}`,
  ).then((r) => r.data);

/** The post's own words cut to what the server reads. */
const TEXT_MAX = 4000;

/**
 * Suggestions for a keyword, among the built-in, the workspace's own and its best-performing tags; with
 * no keyword, the post's own words (nothing asked when there are none either).
 */
export const useHashtagSuggestions = (q: string, text: string) => {
  const words = q.trim() ? '' : text.slice(0, TEXT_MAX);
  return useQuery(
    queryOptions({
      queryKey: ['hashtags', 'suggestions', q, words],
      queryFn: () => getHashtagSuggestions(q, words),
      enabled: q.trim().length > 0 || words.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
  );
};
