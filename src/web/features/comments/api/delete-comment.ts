import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CommentSubject, commentsQueryKey } from './get-comments';
import { notificationsQueryKey } from './get-notifications';

export const useDeleteComment = (subject: CommentSubject) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/comments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(subject) });
      // Its notices went with it.
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  });
};
