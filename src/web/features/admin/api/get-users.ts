import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminUser, USER_PAGE_MAX, type UserList } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';

/**
 * Every user, page by page: the table searches, sorts and pages on the client, so its "all" page size
 * and its sorting cover everyone, not only the first page.
 */
export async function getAllUsers(): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&startAfter=${encodeURIComponent(cursor)}` : '';
    const { data }: UserList = await api<UserList>(`/users?limit=${USER_PAGE_MAX}${query}`);
    users.push(...data.data);
    cursor = data.nextCursor;
  } while (cursor);
  return users;
}

export const usersQueryKey = ['users', 'list'] as const;

export const useUsers = () => useQuery(queryOptions({ queryKey: usersQueryKey, queryFn: getAllUsers }));
