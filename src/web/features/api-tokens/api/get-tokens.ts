import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TokenListSchema } from '../../../../shared/api/tokens.schemas';
import { api } from '../../../lib/api-client';

export type TokenList = z.infer<typeof TokenListSchema>;

export const getTokens = () => api<TokenList>('/tokens');

export const tokensQueryKey = ['api-tokens', 'mine'] as const;

export const useTokens = () => useQuery(queryOptions({ queryKey: tokensQueryKey, queryFn: getTokens }));
