import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Hashtags } from '../../../../shared/api/hashtags.schemas';
import { api } from '../../../lib/api-client';
import { hashtagsQueryKey } from './get-hashtags';

export const touchRecentHashtag = (tag: string) =>
  api<{ recent: string[] }>('/hashtags/recent', { method: 'POST', body: { tag } });

/** Records that a tag went into a post: it moves to the front of "Recently Used". */
export const useTouchRecentHashtag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: touchRecentHashtag,
    onSuccess: ({ recent }) =>
      queryClient.setQueryData<Hashtags>(hashtagsQueryKey, (state) => (state ? { ...state, recent } : state)),
  });
};
