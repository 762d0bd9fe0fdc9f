import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentWrite } from '../../../../shared/api/comments.schemas';
import { api } from '../../../lib/api-client';
import { type CommentSubject, commentsQueryKey, subjectPath } from './get-comments';

export const useCreateComment = (subject: CommentSubject) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentWrite) => api<Comment>(subjectPath(subject), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(subject) }),
  });
};
