import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarPost, Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey, postsRangesKey } from './get-posts';

export const reschedulePost = ({ id, date }: { id: string; date: string }) =>
  api<Post>(`/posts/${id}/reschedule`, { method: 'POST', body: { date } });

/**
 * Moves a post on the calendar at once (the card lands on the new day before the server answers) and
 * puts it back if the server refuses.
 */
export const useReschedulePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async ({ id, date }) => {
      // The calendar's ranges only: the single posts kept beside them are not lists.
      await queryClient.cancelQueries({ queryKey: postsRangesKey });
      const before = queryClient.getQueriesData<CalendarPost[]>({ queryKey: postsRangesKey });
      queryClient.setQueriesData<CalendarPost[]>({ queryKey: postsRangesKey }, (posts) =>
        posts?.map((p) =>
          p.id === id && p.scheduledAt ? { ...p, scheduledAt: moveToDate(p.scheduledAt, date) } : p,
        ),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};

/** The same local time of day on another date: the calendar's guess until the server's exact answer. */
function moveToDate(iso: string, date: string) {
  const at = new Date(iso);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  at.setFullYear(y, m - 1, d);
  return at.toISOString();
}
