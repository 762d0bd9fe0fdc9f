import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/api/users.schemas';
import type { TwitterAccountType } from '../../../../shared/platforms/rules';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';

interface AccountTypeChange {
  /** The X account's id. */
  id: string;
  accountType: TwitterAccountType;
}

export const updateAccountType = ({ id, accountType }: AccountTypeChange) =>
  api<null>(`/social/accounts/${id}/settings`, { method: 'PUT', body: { accountType } });

/**
 * One X account's type. The selector shows the new value at once (the composer's limit follows it) and
 * goes back to the old one if the server refuses.
 */
export const useUpdateAccountType = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountType,
    onMutate: async ({ id, accountType }) => {
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      const before = queryClient.getQueryData<Profile | null>(profileQueryKey);
      if (before) {
        const first = before.accounts.find((a) => a.platform === 'twitter');
        queryClient.setQueryData<Profile>(profileQueryKey, {
          ...before,
          accounts: before.accounts.map((a) => (a.id === id ? { ...a, twitterAccountType: accountType } : a)),
          // The spec's one setting is the first X account's.
          settings:
            first?.id === id ? { ...before.settings, twitterAccountType: accountType } : before.settings,
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(profileQueryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
