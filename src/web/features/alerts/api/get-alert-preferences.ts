import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertPreferences } from '../../../../shared/api/alerts.schemas';
import { api } from '../../../lib/api-client';

export const getAlertPreferences = () => api<AlertPreferences>('/alerts/preferences');

export const alertPreferencesQueryKey = ['alerts', 'preferences'] as const;

export const useAlertPreferences = () =>
  useQuery(queryOptions({ queryKey: alertPreferencesQueryKey, queryFn: getAlertPreferences }));
