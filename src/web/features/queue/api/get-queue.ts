import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Queue } from '../../../../shared/api/queue.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Under the posts' key: a post saved, moved or deleted anywhere refreshes the queues too. */
export const queueQueryKey = (accountId: string, slots: number) =>
  [...postsQueryKey, 'queue', accountId, slots] as const;

export const getQueue = (accountId: string, slots: number) =>
  api<Queue>(`/social/accounts/${accountId}/queue?slots=${slots}`);

export const queueQueryOptions = (accountId: string, slots: number) =>
  queryOptions({
    queryKey: queueQueryKey(accountId, slots),
    queryFn: () => getQueue(accountId, slots),
    // Reading more slots keeps the list shown until the longer one comes.
    placeholderData: keepPreviousData,
  });

export const useQueue = (accountId: string | null, slots: number) =>
  useQuery({ ...queueQueryOptions(accountId ?? '', slots), enabled: accountId !== null });
