import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWebhook } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { adminWebhooksQueryKey } from './get-admin-webhooks';
import { webhooksQueryKey } from './get-webhooks';

export const deleteAnyWebhook = (id: string) =>
  api<AdminWebhook>(`/admin/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteAnyWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnyWebhook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminWebhooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
};
