import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcConfigAnswer } from '../../../../shared/api/oidc.schemas';
import { api } from '../../../lib/api-client';

export const getOidcConfig = () => api<OidcConfigAnswer>('/auth/oidc/config');

export const oidcConfigQueryKey = ['auth', 'oidc-config'] as const;

/** Whether the login page shows the identity provider's button and the password form (decision 025). */
export const useOidcConfig = () =>
  useQuery(queryOptions({ queryKey: oidcConfigQueryKey, queryFn: getOidcConfig, staleTime: Infinity }));
