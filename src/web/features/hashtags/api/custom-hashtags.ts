import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Hashtags } from '../../../../shared/api/hashtags.schemas';
import { api } from '../../../lib/api-client';
import { hashtagsQueryKey } from './get-hashtags';

export const addCustomHashtag = (body: { tag: string; category: string }) =>
  api<Hashtags>('/hashtags/custom', { method: 'POST', body });
export const removeCustomHashtag = ({ tag, category }: { tag: string; category: string }) =>
  api<Hashtags>(`/hashtags/custom/${encodeURIComponent(category)}/${encodeURIComponent(tag)}`, {
    method: 'DELETE',
  });

/** Both answer with the whole hashtag state, which replaces the cached one. */
const useHashtagChange = (mutationFn: (body: { tag: string; category: string }) => Promise<Hashtags>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (state) => queryClient.setQueryData(hashtagsQueryKey, state) });
};
export const useAddCustomHashtag = () => useHashtagChange(addCustomHashtag);
export const useRemoveCustomHashtag = () => useHashtagChange(removeCustomHashtag);
