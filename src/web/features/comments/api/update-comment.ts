import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentWrite } from '../../../../shared/api/comments.schemas';
import { api } from '../../../lib/api-client';
import { type CommentSubject, commentsQueryKey } from './get-comments';

export const useUpdateComment = (subject: CommentSubject) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CommentWrite & { id: string }) =>
      api<Comment>(`/comments/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(subject) }),
  });
};
