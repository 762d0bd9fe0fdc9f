import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { api } from '../../../lib/api-client';

export const recurringPostsQueryKey = ['recurring-posts'] as const;

export const getRecurringPosts = () => api<{ data: RecurringPost[] }>('/recurring-posts').then((r) => r.data);

export const recurringPostsQueryOptions = () =>
  queryOptions({ queryKey: recurringPostsQueryKey, queryFn: getRecurringPosts });

/** The user's recurring posts, newest first, each with its next occurrence and its recent posts. */
export const useRecurringPosts = () => useQuery(recurringPostsQueryOptions());
