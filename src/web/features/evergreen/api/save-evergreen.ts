import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Evergreen, EvergreenWrite } from '../../../../shared/api/evergreen.schemas';
import { api } from '../../../lib/api-client';
import { evergreenQueryKey } from './get-evergreen';

// PUT /api/posts/:id/evergreen: makes the post evergreen, or changes how (pausing and resuming too).
export const saveEvergreen = ({ postId, body }: { postId: string; body: EvergreenWrite }) =>
  api<Evergreen>(`/posts/${postId}/evergreen`, { method: 'PUT', body });

export const useSaveEvergreen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvergreen,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: evergreenQueryKey }),
  });
};
