import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedToken, CreateTokenWrite } from '../../../../shared/api/tokens.schemas';
import { api } from '../../../lib/api-client';
import { adminTokensQueryKey } from './get-admin-tokens';
import { tokensQueryKey } from './get-tokens';

export const createToken = (body: CreateTokenWrite) => api<CreatedToken>('/tokens', { method: 'POST', body });

export const useCreateToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminTokensQueryKey });
    },
  });
};
