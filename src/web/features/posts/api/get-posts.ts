import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';

export const postsQueryKey = ['posts'] as const;
export const postsRangeKey = (from: string, to: string) => [...postsQueryKey, 'range', from, to] as const;

export const getPosts = (from: string, to: string) =>
  api<{ data: Post[] }>(`/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`).then(
    (r) => r.data,
  );

/** The posts scheduled in [from, to): what the calendar shows. */
export const usePosts = (from: string, to: string) =>
  useQuery(
    queryOptions({
      queryKey: postsRangeKey(from, to),
      queryFn: () => getPosts(from, to),
      placeholderData: keepPreviousData,
    }),
  );
