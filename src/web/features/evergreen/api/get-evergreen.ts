import { useQuery } from '@tanstack/react-query';
import type { Evergreen, PostEvergreen } from '../../../../shared/api/evergreen.schemas';
import { api } from '../../../lib/api-client';

// GET /api/evergreen: the workspace's evergreen posts, each with where it stands.
export const evergreenQueryKey = ['evergreen'] as const;

export const getEvergreen = () => api<{ data: Evergreen[] }>('/evergreen');

export const useEvergreen = () =>
  useQuery({ queryKey: evergreenQueryKey, queryFn: getEvergreen, refetchInterval: 60_000 });

// GET /api/posts/:id/evergreen: one post's settings (null when not evergreen), and whose copy it is.
export const getPostEvergreen = (postId: string) => api<PostEvergreen>(`/posts/${postId}/evergreen`);

export const usePostEvergreen = (postId: string) =>
  useQuery({ queryKey: [...evergreenQueryKey, postId], queryFn: () => getPostEvergreen(postId) });
