import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';

export const updateProfile = (body: UpdateProfileBody) =>
  api<Profile>('/users/profile', { method: 'PUT', body });

/** Saves name and zone; the answer is the new profile, so the header, dashboard and calendar follow at once. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
};
