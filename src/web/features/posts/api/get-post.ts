import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from './get-posts';

export const getPost = (id: string) => api<Post>(`/posts/${id}`);

export const postQueryKey = (id: string) => [...postsQueryKey, 'one', id] as const;

const inFlight = (post: Post | undefined) =>
  post?.status === 'publishing' ||
  Boolean(post?.targets.some((t) => t.status === 'publishing' || t.status === 'retrying'));

/**
 * One post, fresh: starts from what the calendar already holds and asks again every few seconds while a
 * network is being published to or retried, so the details follow the worker.
 */
export const usePost = (post: Post) =>
  useQuery(
    queryOptions({
      queryKey: postQueryKey(post.id),
      queryFn: () => getPost(post.id),
      initialData: post,
      refetchInterval: (query) => (inFlight(query.state.data) ? 5_000 : false),
    }),
  );
