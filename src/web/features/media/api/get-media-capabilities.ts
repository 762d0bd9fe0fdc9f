import { useQuery } from '@tanstack/react-query';
import type { MediaCapabilities } from '../../../../shared/api/media.schemas';
import { api } from '../../../lib/api-client';

// GET /api/media/capabilities: whether this server can render edited videos (it has ffmpeg).
export const mediaCapabilitiesQueryKey = ['media', 'capabilities'] as const;

export const getMediaCapabilities = () => api<MediaCapabilities>('/media/capabilities');

/** Read once per session: a server gains or loses ffmpeg only across a restart. */
export const useMediaCapabilities = () =>
  useQuery({ queryKey: mediaCapabilitiesQueryKey, queryFn: getMediaCapabilities, staleTime: Infinity });
