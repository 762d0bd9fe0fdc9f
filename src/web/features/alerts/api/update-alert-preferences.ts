import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences, UpdateAlertPreferences } from '../../../../shared/api/alerts.schemas';
import { api } from '../../../lib/api-client';
import { alertPreferencesQueryKey } from './get-alert-preferences';

export const updateAlertPreferences = (body: UpdateAlertPreferences) =>
  api<AlertPreferences>('/alerts/preferences', { method: 'PUT', body });

/** Saves one switch at once; the switch moves first, and moves back if the server refuses. */
export const useUpdateAlertPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertPreferences,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: alertPreferencesQueryKey });
      const before = queryClient.getQueryData<AlertPreferences>(alertPreferencesQueryKey);
      if (before) queryClient.setQueryData(alertPreferencesQueryKey, { ...before, ...body });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(alertPreferencesQueryKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesQueryKey, saved),
  });
};
