import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrialApproval } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';
import { adminStatsQueryKey } from './get-admin-stats';
import { usersQueryKey } from './get-users';
import { trialRequestsQueryKey } from './get-trial-requests';

export const decideTrial = ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
  api<TrialApproval>(`/trials/${encodeURIComponent(id)}/${decision}`, { method: 'POST', body: {} });

export const useDecideTrial = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTrial,
    onSettled: () => {
      for (const queryKey of [trialRequestsQueryKey, usersQueryKey, adminStatsQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
};
