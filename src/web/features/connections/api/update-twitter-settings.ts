import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TwitterSettingsBodySchema } from '../../../../shared/api/connections.schemas';
import type { Profile } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';

type TwitterSettingsBody = z.infer<typeof TwitterSettingsBodySchema>;

export const updateTwitterSettings = (body: TwitterSettingsBody) =>
  api<null>('/social/twitter/settings', { method: 'PUT', body });

/**
 * The X account type. The selector shows the new value at once (the composer's limit follows it) and
 * goes back to the old one if the server refuses.
 */
export const useUpdateTwitterSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTwitterSettings,
    onMutate: async ({ accountType }) => {
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      const before = queryClient.getQueryData<Profile | null>(profileQueryKey);
      if (before)
        queryClient.setQueryData<Profile>(profileQueryKey, {
          ...before,
          settings: { ...before.settings, twitterAccountType: accountType },
        });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(profileQueryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
