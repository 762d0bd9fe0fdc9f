import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../shared/api/dashboard.schemas';
import { api } from '../../../lib/api-client';

export const dashboardQueryKey = ['dashboard'] as const;

export const getDashboard = () => api<Dashboard>('/dashboard');

/** Something is going out now or is due: its outcome lands within seconds, so the page asks again soon. */
const busy = (dashboard: Dashboard | undefined) =>
  Boolean(
    dashboard?.upcoming.items.some(
      (post) => post.status === 'publishing' || Date.parse(post.at) <= Date.now(),
    ),
  );

/** The start page's lists: upcoming, recent results, failures, accounts to reconnect, drafts. */
export const useDashboard = () =>
  useQuery(
    queryOptions({
      queryKey: dashboardQueryKey,
      queryFn: getDashboard,
      refetchInterval: (query) => (busy(query.state.data) ? 5_000 : 60_000),
    }),
  );
