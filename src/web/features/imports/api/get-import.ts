import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ImportState } from '../../../../shared/api/imports.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/posts-query-key';

// GET /api/imports/:id: where an import stands, read every half second while it runs.
export const importQueryKey = (id: string) => ['imports', id] as const;

export const getImport = (id: string) => api<ImportState>(`/imports/${id}`);

export function useImportState(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importQueryKey(id ?? ''),
    queryFn: () => getImport(id!),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'importing' ? 500 : false),
  });
  const done = query.data?.status === 'done';
  // Once the posts are written, every list of posts (calendar, queue, drafts) reads them again.
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: postsQueryKey });
  }, [done, queryClient]);
  return query;
}
