import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaList, MediaListQuery } from '../../../../shared/api/media.schemas';
import { api } from '../../../lib/api-client';

// GET /api/media: a page of the workspace's media library, with each file's uploader and uses.
export type MediaLibraryQuery = Partial<MediaListQuery> & Pick<MediaListQuery, 'limit' | 'offset'>;

/** Under 'media': an upload or a delete anywhere refreshes every page of the library. */
export const mediaLibraryQueryKey = (query: MediaLibraryQuery) => ['media', 'library', query] as const;

export function getMediaLibrary(query: MediaLibraryQuery) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set('q', query.q);
  if (query.kind) params.set('kind', query.kind);
  if (query.use) params.set('use', query.use);
  return api<MediaList>(`/media?${params}`);
}

export const mediaLibraryQueryOptions = (query: MediaLibraryQuery) =>
  queryOptions({
    queryKey: mediaLibraryQueryKey(query),
    queryFn: () => getMediaLibrary(query),
    // Typing a search or turning a page keeps the files shown until the next ones come.
    placeholderData: keepPreviousData,
  });

export const useMediaLibrary = (query: MediaLibraryQuery, enabled = true) =>
  useQuery({ ...mediaLibraryQueryOptions(query), enabled });
