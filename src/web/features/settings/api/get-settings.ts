import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';

export const getSettings = () => api<Settings>('/settings');

export const settingsQueryKey = ['settings'] as const;

export const useSettings = () => useQuery(queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings }));
