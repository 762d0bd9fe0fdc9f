import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkSettings, LinkSettingsWrite } from '../../../../shared/api/links.schemas';
import { api } from '../../../lib/api-client';
import { linkPresetOptions } from '../../../lib/link-preset';

// PUT /api/links/settings: the workspace's short links and UTM preset.
export const saveLinkSettings = (body: LinkSettingsWrite) =>
  api<LinkSettings>('/links/settings', { method: 'PUT', body });

export const useSaveLinkSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLinkSettings,
    onSuccess: (saved) => queryClient.setQueryData(linkPresetOptions.queryKey, saved),
  });
};
