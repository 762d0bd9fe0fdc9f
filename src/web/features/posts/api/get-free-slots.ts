import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Under the posts' key: a post saved, moved or deleted anywhere, or a queue changed, reads them again. */
export const freeSlotsKey = (from: string, to: string) => [...postsQueryKey, 'free-slots', from, to] as const;

/**
 * The free slots of the workspace's running queues in [from, to): the week's dashed "+" slots. Read only
 * while `enabled` (the hour grid is shown to a member who may write).
 */
export const useFreeSlots = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: freeSlotsKey(from, to),
    queryFn: () =>
      api<{ data: FreeSlot[] }>(
        `/queue/free-slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ).then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
  });
