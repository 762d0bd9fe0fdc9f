import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DraftList } from '../../../../shared/api/drafts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

const PAGE = 20;

/** Under `postsQueryKey`: saving or deleting a post asks for the drafts again. */
export const draftsQueryKey = [...postsQueryKey, 'drafts'] as const;

export const getDrafts = (offset: number) => api<DraftList>(`/posts/drafts?limit=${PAGE}&offset=${offset}`);

/** The user's drafts, dated or not, the latest changed first, a page at a time ("Show more"). */
export const useDrafts = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: draftsQueryKey,
      queryFn: ({ pageParam }) => getDrafts(pageParam),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, page) => n + page.data.length, 0);
        return loaded < last.total && last.data.length > 0 ? loaded : undefined;
      },
    }),
  );
