import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schedule, ScheduleBody } from '../../../../shared/api/queue.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** Sets an account's schedule (or pauses or resumes it): its queued posts move, so posts refresh. */
export const saveSchedule = ({ accountId, body }: { accountId: string; body: ScheduleBody }) =>
  api<Schedule>(`/social/accounts/${accountId}/schedule`, { method: 'PUT', body });

export const useSaveSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};
