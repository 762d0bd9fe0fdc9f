import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportMediaZip } from '../../../../shared/api/imports.schemas';
import { postFile } from '../../../lib/api-client';

// POST /api/imports/media: a zip's images and videos into the media library, each with how it went.
export const uploadMediaZip = (file: File) => postFile<ImportMediaZip>('/imports/media', file);

export const useUploadMediaZip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMediaZip,
    // The library and the storage bar changed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['media'] }),
  });
};
