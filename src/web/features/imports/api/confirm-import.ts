import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportState } from '../../../../shared/api/imports.schemas';
import { api } from '../../../lib/api-client';
import { importQueryKey } from './get-import';

// POST /api/imports/:id/confirm: starts writing the chosen rows; GET /api/imports/:id follows it.
export const confirmImport = ({ id, rows }: { id: string; rows: number[] }) =>
  api<ImportState>(`/imports/${id}/confirm`, { method: 'POST', body: { rows } });

export const useConfirmImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: (state) => queryClient.setQueryData(importQueryKey(state.id), state),
  });
};
