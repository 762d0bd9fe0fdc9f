import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminWebhookListSchema } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';

export type AdminWebhookList = z.infer<typeof AdminWebhookListSchema>;

export const ADMIN_WEBHOOKS_PAGE = 50;

export const getAdminWebhooks = (page: number) =>
  api<AdminWebhookList>(
    `/admin/webhooks?limit=${ADMIN_WEBHOOKS_PAGE}&offset=${(page - 1) * ADMIN_WEBHOOKS_PAGE}`,
  );

export const adminWebhooksQueryKey = ['webhooks', 'all'] as const;

/** Every user's endpoints, one page (newest first) at a time. */
export const useAdminWebhooks = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: [...adminWebhooksQueryKey, page],
      queryFn: () => getAdminWebhooks(page),
      placeholderData: keepPreviousData,
    }),
  );
