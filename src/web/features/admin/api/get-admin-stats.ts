import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';

export const getAdminStats = () => api<AdminStats>('/admin/stats');

export const adminStatsQueryKey = ['admin', 'stats'] as const;

export const useAdminStats = () =>
  useQuery(queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats }));
