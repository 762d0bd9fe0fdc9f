import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminToken } from '../../../../shared/api/tokens.schemas';
import { api } from '../../../lib/api-client';
import { adminTokensQueryKey } from './get-admin-tokens';
import { tokensQueryKey } from './get-tokens';

export const revokeAnyToken = (id: string) =>
  api<AdminToken>(`/admin/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useRevokeAnyToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAnyToken,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminTokensQueryKey });
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    },
  });
};
