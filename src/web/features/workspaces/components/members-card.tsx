import { Badge, Button, Card, Divider, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation, Member } from '../../../../shared/api/members.schemas';
import type { Workspace } from '../../../../shared/api/workspaces.schemas';
import { assignableWorkspaceRoles, can, type WorkspaceRole } from '../../../../shared/workspaces/rules';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import {
  useChangeRole,
  useInvitations,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
} from '../api/members';
import { InviteModal } from './invite-modal';

/** One member: who, their role (a choice for those who may change it), since when, last active. */
function MemberRow({
  workspace,
  member,
  me,
  onRemove,
}: {
  workspace: Workspace;
  member: Member;
  me: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeRole(workspace.id);
  const roles = member.personalOwner ? [] : assignableWorkspaceRoles(workspace.role, member.role);
  const manage = can(workspace.role, 'manageMembers') && roles.length > 0;
  const label = t('members.roleOf', { name: member.name });
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="member">
      <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
        {/* Each name and address reads in its own direction, aligned as the page is (<bdi>). */}
        <Text fw={500} truncate="end">
          <bdi>{member.name}</bdi>
          {me && (
            <Text span c="dimmed" size="sm">
              {' '}
              {t('members.you')}
            </Text>
          )}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          <bdi>{member.email}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {t('members.joined', { date: formatDate(member.joinedAt) })}
          {' · '}
          {member.lastActiveAt
            ? t('members.lastActive', { date: formatDateTime(member.lastActiveAt) })
            : t('members.neverActive')}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {manage ? (
          <NativeSelect
            aria-label={label}
            value={member.role}
            disabled={change.isPending}
            data={roles.map((role) => ({ value: role, label: t(`workspaces.roles.${role}`) }))}
            onChange={(event) =>
              change.mutate(
                { userId: member.userId, role: event.currentTarget.value as WorkspaceRole },
                {
                  onSuccess: (changed) =>
                    notify({
                      color: 'green',
                      message: t('members.roleChanged', {
                        name: changed.name,
                        role: t(`workspaces.roles.${changed.role}`),
                      }),
                    }),
                  onError: (error) =>
                    notify({ color: 'red', message: errorMessage(t, error, 'members.changeFailed') }),
                },
              )
            }
          />
        ) : (
          <Badge variant="light" aria-label={label + ': ' + t(`workspaces.roles.${member.role}`)}>
            {t(`workspaces.roles.${member.role}`)}
          </Badge>
        )}
        {manage && !me && (
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
            {t('members.remove')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

function InvitationRow({ workspace, invitation }: { workspace: Workspace; invitation: Invitation }) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation(workspace.id);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="invitation">
      <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
        <Text size="sm" truncate="end">
          <bdi>{invitation.email}</bdi>
        </Text>
        <Text size="xs" c={invitation.status === 'expired' ? 'red' : 'dimmed'}>
          {t(`workspaces.roles.${invitation.role}`)}
          {' · '}
          {invitation.status === 'expired'
            ? t('invitations.expiredOn', { date: formatDate(invitation.expiresAt) })
            : t('invitations.until', { date: formatDate(invitation.expiresAt) })}
          {invitation.invitedBy && ` · ${t('invitations.by', { name: invitation.invitedBy })}`}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        loading={revoke.isPending}
        aria-label={t('invitations.revokeFor', { email: invitation.email })}
        // The row leaves once the list is read again, before `mutate`'s callbacks would run: the
        // promise tells the outcome all the same.
        onClick={() =>
          revoke.mutateAsync(invitation.id).then(
            () =>
              notify({ color: 'green', message: t('invitations.withdrawn', { email: invitation.email }) }),
            (error: unknown) =>
              notify({ color: 'red', message: errorMessage(t, error, 'invitations.revokeFailed') }),
          )
        }
      >
        {t('invitations.revoke')}
      </Button>
    </Group>
  );
}

/**
 * The workspace's members, for everyone there to see; owners and admins change roles, remove members,
 * invite and withdraw invitations. What a role cannot do is left out.
 */
export function MembersCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const manage = can(workspace.role, 'manageMembers');
  const members = useMembers(workspace.id);
  const invitations = useInvitations(workspace.id, manage);
  const remove = useRemoveMember(workspace.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [inviting, setInviting] = useState(false);
  const waiting = invitations.data?.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('members.title')}
          </Title>
          {manage && (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
              {t('invitations.invite')}
            </Button>
          )}
        </Group>
        {members.isPending && <Spinner label={t('common.loading')} />}
        {members.isError && <ErrorAlert>{errorMessage(t, members.error, 'members.loadFailed')}</ErrorAlert>}
        {members.data && (
          <Stack gap="sm" role="list" aria-label={t('members.title')}>
            {members.data.data.map((member, i) => (
              <Fragment key={member.userId}>
                {i > 0 && <Divider />}
                <div role="listitem">
                  <MemberRow
                    workspace={workspace}
                    member={member}
                    me={member.userId === profile?.uid}
                    onRemove={() => setRemoving(member)}
                  />
                </div>
              </Fragment>
            ))}
          </Stack>
        )}
        {manage && waiting.length > 0 && (
          <>
            <Title order={3} size="h4" mt="sm">
              {t('invitations.title')}
            </Title>
            <Stack gap="sm" role="list" aria-label={t('invitations.title')}>
              {waiting.map((invitation, i) => (
                <Fragment key={invitation.id}>
                  {i > 0 && <Divider />}
                  <div role="listitem">
                    <InvitationRow workspace={workspace} invitation={invitation} />
                  </div>
                </Fragment>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      {inviting && <InviteModal workspace={workspace} onClose={() => setInviting(false)} />}
      {removing && (
        <ConfirmDialog
          title={t('members.removeTitle', { name: removing.name })}
          confirmLabel={t('members.remove')}
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.userId, {
              onSuccess: () => {
                notify({ color: 'green', message: t('members.removed', { name: removing.name }) });
                setRemoving(null);
              },
              onError: (error) =>
                notify({ color: 'red', message: errorMessage(t, error, 'members.removeFailed') }),
            })
          }
        >
          <Text size="sm">
            {t('members.removeConfirm', { name: removing.name, workspace: workspace.name })}
          </Text>
        </ConfirmDialog>
      )}
    </Card>
  );
}
