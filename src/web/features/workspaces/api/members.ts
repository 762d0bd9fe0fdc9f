import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationInput,
  CreateInvitationInput,
  Invitation,
  InvitationMade,
  InvitationView,
  Member,
  MemberList,
} from '../../../../shared/api/members.schemas';
import type { WorkspaceRole } from '../../../../shared/workspaces/rules';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session';
import { workspacesQueryKey } from './get-workspaces';

const at = (wid: string) => `/workspaces/${encodeURIComponent(wid)}`;
/** Everything kept of one workspace's people: its members and its invitations. */
const peopleKey = (wid: string) => ['workspaces', 'people', wid] as const;
const membersKey = (wid: string) => [...peopleKey(wid), 'members'] as const;
const invitationsKey = (wid: string) => [...peopleKey(wid), 'invitations'] as const;

export const useMembers = (wid: string) =>
  useQuery(
    queryOptions({
      queryKey: membersKey(wid),
      queryFn: () => api<MemberList>(`${at(wid)}/members`, { workspace: false }),
    }),
  );

/** The invitations waiting or expired: asked only by those who may manage members (`enabled`). */
export const useInvitations = (wid: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: invitationsKey(wid),
      queryFn: () => api<{ data: Invitation[] }>(`${at(wid)}/invitations`, { workspace: false }),
      enabled,
    }),
  );

/** A change to a workspace's people, after which its lists (and one's own workspaces) are read again. */
const usePeopleMutation = <A, R>(wid: string, fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKey(wid) }),
  });
};

export const useChangeRole = (wid: string) =>
  usePeopleMutation(wid, ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
    api<Member>(`${at(wid)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { role },
      workspace: false,
    }),
  );

export const useRemoveMember = (wid: string) =>
  usePeopleMutation(wid, (userId: string) =>
    api<null>(`${at(wid)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE', workspace: false }),
  );

export const useInvite = (wid: string) =>
  usePeopleMutation(wid, (body: CreateInvitationInput) =>
    api<InvitationMade>(`${at(wid)}/invitations`, { method: 'POST', body, workspace: false }),
  );

export const useRevokeInvitation = (wid: string) =>
  usePeopleMutation(wid, (id: string) =>
    api<null>(`${at(wid)}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', workspace: false }),
  );

/**
 * Leaves a workspace. Like deleting one, the list of workspaces is read again only once the page has
 * left it (`forget`).
 */
export const useLeaveWorkspace = () => {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (wid: string) => api<null>(`${at(wid)}/membership`, { method: 'DELETE', workspace: false }),
  });
  const forget = () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
  return { ...mutation, forget };
};

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

export const useInvitation = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['invitations', token],
      queryFn: () => api<InvitationView>(invitationPath(token), { workspace: false }),
      enabled: token !== '',
      retry: false,
    }),
  );

/** Accepts an invitation; then who is signed in, and their workspaces, are read again. */
export const useAcceptInvitation = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) =>
      api<{ workspaceId: string }>(`${invitationPath(token)}/accept`, {
        method: 'POST',
        body,
        workspace: false,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
      ]),
  });
};
