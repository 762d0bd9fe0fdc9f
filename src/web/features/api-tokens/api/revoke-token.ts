import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken } from '../../../../shared/api/tokens.schemas';
import { api } from '../../../lib/api-client';
import { adminTokensQueryKey } from './get-admin-tokens';
import { tokensQueryKey } from './get-tokens';

export const revokeToken = (id: string) =>
  api<ApiToken>(`/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminTokensQueryKey });
    },
  });
};
