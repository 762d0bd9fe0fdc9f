import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrialRequest } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';

export const getTrialRequests = () => api<{ data: TrialRequest[] }>('/trials').then((r) => r.data);

export const trialRequestsQueryKey = ['trials', 'list'] as const;

export const useTrialRequests = () =>
  useQuery(queryOptions({ queryKey: trialRequestsQueryKey, queryFn: getTrialRequests }));
