import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../shared/api/users.schemas';
import { api, ApiRequestError } from './api-client';

/** The signed-in user, or null when signed out: the web app's single source of "who am I". */
export async function getProfile(): Promise<Profile | null> {
  try {
    return await api<Profile>('/users/profile', { expectUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const profileQueryKey = ['users', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 60_000, retry: 1 });

export const useProfile = () => useQuery(profileQueryOptions());

// Whether the session ended because the user chose Logout (go to /login) rather than because it
// expired (go to /login?redirect=<where they were>, to come back after signing in again).
let signedOutByUser = false;
export const noteSignedOut = (byUser: boolean) => {
  signedOutByUser = byUser;
};
export const wasSignedOutByUser = () => signedOutByUser;
