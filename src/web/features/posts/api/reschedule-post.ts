import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarPost, Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { cachedTimeZone, fromZonedWallClock, toZonedWallClock } from '../../../lib/time-zone';
import { postsQueryKey } from '../../../lib/posts-query-key';
import { postsRangesKey } from './get-posts';

interface Move {
  id: string;
  date: string;
  /** A new time of day ('HH:mm') on the clock of `timezone`; left out, the post keeps its own. */
  time?: string;
  timezone?: string;
}

export const reschedulePost = ({ id, ...body }: Move) =>
  api<Post>(`/posts/${id}/reschedule`, { method: 'POST', body });

/**
 * Moves a post on the calendar at once (the card lands on the new day before the server answers) and
 * puts it back if the server refuses.
 */
export const useReschedulePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async ({ id, date, time, timezone }) => {
      // The calendar's ranges only: the single posts kept beside them are not lists.
      await queryClient.cancelQueries({ queryKey: postsRangesKey });
      const before = queryClient.getQueriesData<CalendarPost[]>({ queryKey: postsRangesKey });
      const zone = cachedTimeZone(queryClient);
      queryClient.setQueriesData<CalendarPost[]>({ queryKey: postsRangesKey }, (posts) =>
        posts?.map((p) =>
          p.id === id && p.scheduledAt
            ? {
                ...p,
                scheduledAt:
                  time && timezone
                    ? fromZonedWallClock(`${date} ${time}`, timezone).toISOString()
                    : moveToDate(p.scheduledAt, date, zone),
              }
            : p,
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

/**
 * The same time of day on another date, on the clock of the zone the calendar shows: its guess until the
 * server's exact answer (which keeps the time in the post's own zone).
 */
function moveToDate(iso: string, date: string, zone: string) {
  const time = toZonedWallClock(new Date(iso), zone).slice(11);
  return fromZonedWallClock(`${date} ${time}`, zone).toISOString();
}
