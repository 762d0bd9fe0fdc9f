import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '../../../../shared/api/comments.schemas';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** One's latest notices in the workspace (mentions), asked again every minute. */
export const useNotifications = () =>
  useQuery(
    queryOptions({
      queryKey: notificationsQueryKey,
      queryFn: () => api<NotificationList>('/notifications'),
      refetchInterval: 60_000,
    }),
  );
