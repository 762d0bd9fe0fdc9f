import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostHistory } from '../../../../shared/api/approvals.schemas';
import type { Post } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';
import { postQueryKey } from './get-post';

/** A post's history (who asked, approved, sent back, moved it; each network's publication), oldest first. */
export const usePostHistory = (id: string, updatedAt: string) =>
  useQuery({
    // Read again whenever the post changes.
    queryKey: [...postQueryKey(id), 'history', updatedAt],
    queryFn: () => api<PostHistory>(`/posts/${id}/history`),
  });

/** Approving or sending back: the post as it now is goes into the cache, and every list is read again. */
const useDecision = <A>(send: (args: A) => Promise<Post>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
};

/** Approves what was read: `hash` is the post's `contentHash` as shown. */
export const useApprovePost = () =>
  useDecision(({ id, hash }: { id: string; hash: string }) =>
    api<Post>(`/posts/${id}/approve`, { method: 'POST', body: { hash } }),
  );

export const useRejectPost = () =>
  useDecision(({ id, reason }: { id: string; reason: string }) =>
    api<Post>(`/posts/${id}/reject`, { method: 'POST', body: { reason } }),
  );
