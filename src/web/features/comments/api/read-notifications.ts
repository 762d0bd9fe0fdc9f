import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, ReadNotifications } from '../../../../shared/api/comments.schemas';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** Marks notices read (`ids`, or all): the list as it now is goes into the cache. */
export const useReadNotifications = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReadNotifications) =>
      api<NotificationList>('/notifications/read', { method: 'POST', body: input }),
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryKey, list),
  });
};
