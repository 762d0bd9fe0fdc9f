import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WebhookListSchema } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';

export type WebhookList = z.infer<typeof WebhookListSchema>;

export const getWebhooks = () => api<WebhookList>('/webhooks');

export const webhooksQueryKey = ['webhooks', 'mine'] as const;

export const useWebhooks = () => useQuery(queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks }));
