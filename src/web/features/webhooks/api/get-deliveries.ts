import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeliveryListSchema } from '../../../../shared/api/webhooks.schemas';
import { api } from '../../../lib/api-client';

export type DeliveryList = z.infer<typeof DeliveryListSchema>;

export const getDeliveries = (id: string) =>
  api<DeliveryList>(`/webhooks/${encodeURIComponent(id)}/deliveries`);

export const deliveriesQueryKey = (id: string) => ['webhooks', 'deliveries', id] as const;

/** How often an open log looks again while a delivery is still on its way. */
const WHILE_SENDING_MS = 1500;

/** The endpoint's latest deliveries; while one is pending or being tried, the log refreshes itself. */
export const useDeliveries = (id: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: deliveriesQueryKey(id),
      queryFn: () => getDeliveries(id),
      enabled,
      refetchInterval: (query) =>
        query.state.data?.data.some((d) => d.status === 'pending' || d.status === 'delivering')
          ? WHILE_SENDING_MS
          : false,
    }),
  );
