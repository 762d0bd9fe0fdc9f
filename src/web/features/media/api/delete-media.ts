import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// DELETE /api/media/:id: refused (409 MEDIA_IN_USE) while a post still to go out holds the file.
export const deleteMedia = (id: string) => api<null>(`/media/${id}`, { method: 'DELETE' });

/** Refreshes the library and the storage the files take. */
export const useDeleteMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['media'] }),
  });
};
