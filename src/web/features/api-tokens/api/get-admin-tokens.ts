import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminTokenListSchema } from '../../../../shared/api/tokens.schemas';
import { api } from '../../../lib/api-client';

export type AdminTokenList = z.infer<typeof AdminTokenListSchema>;

export const ADMIN_TOKENS_PAGE = 50;

export const getAdminTokens = (page: number) =>
  api<AdminTokenList>(`/admin/tokens?limit=${ADMIN_TOKENS_PAGE}&offset=${(page - 1) * ADMIN_TOKENS_PAGE}`);

export const adminTokensQueryKey = ['api-tokens', 'all'] as const;

/** Every user's tokens, one page (newest first) at a time. */
export const useAdminTokens = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: [...adminTokensQueryKey, page],
      queryFn: () => getAdminTokens(page),
      placeholderData: keepPreviousData,
    }),
  );
