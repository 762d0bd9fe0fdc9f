import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api, ApiRequestError } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

export const getPost = (id: string) => api<Post>(`/posts/${id}`);

export const postQueryKey = (id: string) => [...postsQueryKey, 'one', id] as const;

const inFlight = (post: Post | undefined) =>
  post?.status === 'publishing' ||
  Boolean(post?.targets.some((t) => t.status === 'publishing' || t.status === 'retrying'));

/** A post that is gone (deleted meanwhile) or not the user's stays so: asking again changes nothing. */
export const isClientError = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/**
 * The whole post (the calendar holds only its card), asked again every few seconds while a network is
 * being published to or retried, so that what shows it follows the worker.
 */
export const postQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postQueryKey(id),
    queryFn: () => getPost(id),
    retry: (failures, error) => !isClientError(error) && failures < 3,
    refetchInterval: (query) => (inFlight(query.state.data) ? 5_000 : false),
  });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
