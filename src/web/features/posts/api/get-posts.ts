import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Every calendar range kept (not the single posts, which sit under `postsQueryKey` too). */
export const postsRangesKey = [...postsQueryKey, 'range'] as const;
export const postsRangeKey = (from: string, to: string) => [...postsRangesKey, from, to] as const;

export const getPosts = (from: string, to: string) =>
  api<{ data: CalendarPost[] }>(`/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`).then(
    (r) => r.data,
  );

/** The posts scheduled in [from, to) as calendar cards: what the calendar shows. */
export const usePosts = (from: string, to: string) =>
  useQuery(
    queryOptions({
      queryKey: postsRangeKey(from, to),
      queryFn: () => getPosts(from, to),
      placeholderData: keepPreviousData,
    }),
  );
