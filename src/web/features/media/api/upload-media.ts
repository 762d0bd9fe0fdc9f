import { useMutation } from '@tanstack/react-query';
import type { Media, MediaKind } from '../../../../shared/api/media.schemas';
import { postFile } from '../../../lib/api-client';

/**
 * POST /api/media: one file, into the tab's workspace (before, a team's uploads went to the personal
 * one). Errors come back in the API's shape, with the file name and limit as `params`.
 */
export const uploadMedia = ({ file, kind }: { file: File; kind: MediaKind }) =>
  postFile<Media>(`/media?kind=${kind}`, file);

export const useUploadMedia = () => useMutation({ mutationFn: uploadMedia });
