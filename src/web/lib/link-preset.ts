import { useQuery } from '@tanstack/react-query';
import type { LinkSettings } from '../../shared/api/links.schemas';
import { linksAsPublished } from '../../shared/links';
import type { Platform } from '../../shared/platforms/rules';
import { api } from './api-client';

/**
 * The workspace's links preset (issue 27), one query the composer's counter, its preview and the Links
 * page share: what a post's addresses become when it goes out.
 */
export const linkPresetOptions = {
  queryKey: ['links', 'settings'] as const,
  queryFn: () => api<LinkSettings>('/links/settings'),
  staleTime: 60_000,
};

export const useLinkPreset = () => useQuery(linkPresetOptions).data;

/** `text` as `platform` will receive it: with the workspace's UTM parameters and short links. */
export const useAsPublished = () => {
  const preset = useLinkPreset();
  return (text: string, platform: Platform) => linksAsPublished(text, platform, preset);
};
