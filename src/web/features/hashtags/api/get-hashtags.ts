import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Hashtags } from '../../../../shared/api/hashtags.schemas';
import { api } from '../../../lib/api-client';

export const hashtagsQueryKey = ['hashtags'] as const;

export const getHashtags = () => api<Hashtags>('/hashtags');

export const useHashtags = () => useQuery(queryOptions({ queryKey: hashtagsQueryKey, queryFn: getHashtags }));
