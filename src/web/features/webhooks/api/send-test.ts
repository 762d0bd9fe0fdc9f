import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { deliveriesQueryKey } from './get-deliveries';

export const sendTest = (id: string) =>
  api<Delivery>(`/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' });

export const useSendTest = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTest(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(id) }),
  });
};
