import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { adminWebhooksQueryKey } from './get-admin-webhooks';
import { webhooksQueryKey } from './get-webhooks';

export const deleteWebhook = (id: string) =>
  api<Webhook>(`/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminWebhooksQueryKey });
    },
  });
};
