import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';

/** "Today" on the dashboard is the reader's own day. */
export const getAdminStats = () =>
  api<AdminStats>(`/admin/stats?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);

export const adminStatsQueryKey = ['admin', 'stats'] as const;

export const useAdminStats = () =>
  useQuery(queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats }));
