import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewLinkInput, ReviewLinkMade } from '../../../../shared/api/review-links.schemas';
import { api } from '../../../lib/api-client';
import { reviewLinksQueryKey } from './get-review-links';

export const useCreateReviewLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewLinkInput) =>
      api<ReviewLinkMade>('/review-links', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewLinksQueryKey }),
  });
};
