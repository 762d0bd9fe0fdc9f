import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookWrite } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { adminWebhooksQueryKey } from './get-admin-webhooks';
import { webhooksQueryKey } from './get-webhooks';

export const createWebhook = (body: CreateWebhookWrite) =>
  api<CreatedWebhook>('/webhooks', { method: 'POST', body });

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminWebhooksQueryKey });
    },
  });
};
