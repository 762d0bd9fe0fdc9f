import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShortLinkList } from '../../../../shared/api/links.schemas';
import { api } from '../../../lib/api-client';

// GET /api/links: the workspace's short links, newest first, with their clicks; read again every minute.
export const LINKS_PAGE = 25;
export const linksQueryKey = ['links', 'list'] as const;

export const getLinks = (page: number) =>
  api<ShortLinkList>(`/links?limit=${LINKS_PAGE}&offset=${page * LINKS_PAGE}`);

export const useLinks = (page: number) =>
  useQuery({
    queryKey: [...linksQueryKey, page],
    queryFn: () => getLinks(page),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
