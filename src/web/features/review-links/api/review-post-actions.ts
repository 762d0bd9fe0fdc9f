import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ReviewApproveInput,
  ReviewChangesInput,
  ReviewCommentInput,
  ReviewPage,
  ReviewPost,
} from '../../../../shared/api/review-links.schemas';
import { api } from '../../../lib/api-client';
import { reviewPageQueryKey } from './get-review-page';

/**
 * A reviewer's action on one post of the link (approve, request-changes, comments): the post as it now
 * is replaces the page's copy. The three routes share their shape, hence one file.
 */
const useReviewAction = <I>(token: string, action: 'approve' | 'request-changes' | 'comments') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: I & { id: string }) =>
      api<ReviewPost>(`/review/${encodeURIComponent(token)}/posts/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: input,
        workspace: false,
      }),
    onSuccess: (post) =>
      queryClient.setQueryData<ReviewPage>(reviewPageQueryKey(token), (page) =>
        page ? { ...page, posts: page.posts.map((p) => (p.id === post.id ? post : p)) } : page,
      ),
  });
};

export const useApproveReviewPost = (token: string) => useReviewAction<ReviewApproveInput>(token, 'approve');
export const useRequestChanges = (token: string) =>
  useReviewAction<ReviewChangesInput>(token, 'request-changes');
export const useCommentReviewPost = (token: string) => useReviewAction<ReviewCommentInput>(token, 'comments');
