import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '../../../../shared/api/auth.schemas';
import { api } from '../../../lib/api-client';

export const getSetupStatus = () => api<SetupStatus>('/setup');

export const setupStatusQueryKey = ['setup'] as const;

export const useSetupStatus = () =>
  useQuery(queryOptions({ queryKey: setupStatusQueryKey, queryFn: getSetupStatus }));
