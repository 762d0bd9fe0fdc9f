import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { adminWebhooksQueryKey } from './get-admin-webhooks';
import { webhooksQueryKey } from './get-webhooks';

export const setWebhookEnabled = ({ id, enabled }: { id: string; enabled: boolean }) =>
  api<Webhook>(`/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: { enabled } });

export const useSetWebhookEnabled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhookEnabled,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminWebhooksQueryKey });
    },
  });
};
