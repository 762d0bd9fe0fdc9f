import { useQuery } from '@tanstack/react-query';
import type { MediaStorage } from '../../../../shared/api/media.schemas';
import { api } from '../../../lib/api-client';

// GET /api/media/storage: what the user's files take (uploads, thumbnails, renders) and their quota.
export const mediaStorageQueryKey = ['media', 'storage'] as const;

export const getMediaStorage = () => api<MediaStorage>('/media/storage');

/** Read whenever the Profile page opens: uploads and deletions elsewhere change it. */
export const useMediaStorage = () => useQuery({ queryKey: mediaStorageQueryKey, queryFn: getMediaStorage });
