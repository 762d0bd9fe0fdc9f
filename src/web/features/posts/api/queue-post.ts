import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostWrite, QueuedPosts } from '../../../../shared/api/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

/** "Add to queue": one post per chosen account, each in its queue's next free slot (or first). */
export const queuePost = ({ id, body }: { id?: string; body: PostWrite & { action: 'queue' } }) =>
  api<QueuedPosts>(id ? `/posts/${id}` : '/posts', { method: id ? 'PUT' : 'POST', body });

export const useQueuePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queuePost,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
};
