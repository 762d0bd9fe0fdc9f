import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/api/admin.schemas';
import { api } from '../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export const updateSettings = (body: Settings) => api<Settings>('/settings', { method: 'PUT', body });

export const useUpdateSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => queryClient.setQueryData(settingsQueryKey, data),
  });
};
