import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../shared/api/users.schemas';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDate, formatDateTime } from '../../../lib/format-date';

export type UserAction = 'edit' | 'delete' | 'extend' | 'unlock';

/** Whether strangers' failed passwords lock the account now (it may sign in from its own browsers). */
export const isLocked = (user: AdminUser) => !!user.lockedUntil && new Date(user.lockedUntil) > new Date();

/** The user's role, the trial's end when it is a trial account, and the sign-in lock while it holds. */
export function RoleBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Badge variant="light" color={user.role === 'user' ? 'gray' : user.role === 'admin' ? 'blue' : 'grape'}>
        {t(`roles.${user.role}`)}
      </Badge>
      {user.trialEndsAt && (
        <Badge variant="light" color={new Date(user.trialEndsAt) <= new Date() ? 'red' : 'teal'}>
          {t('users.trialUntil', { date: formatDate(user.trialEndsAt) })}
        </Badge>
      )}
      {isLocked(user) && (
        <Badge variant="light" color="orange">
          {t('users.lockedUntil', { time: formatDateTime(user.lockedUntil!) })}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Edit (when the viewer may change its role), unlock (a locked account the viewer may edit), extend a
 * trial, delete (super_admin): icon buttons named for the user.
 */
export function UserActions({
  user,
  canEdit,
  canDelete,
  onAction,
}: {
  user: AdminUser;
  canEdit: boolean;
  canDelete: boolean;
  onAction: (kind: UserAction, user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit && isLocked(user) && (
        <Tooltip label={t('users.unlock')}>
          <ActionIcon
            variant="subtle"
            color="orange"
            aria-label={`${t('users.unlock')}: ${user.email}`}
            onClick={() => onAction('unlock', user)}
          >
            <IconLockOpen size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip label={t('users.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('users.edit')}: ${user.email}`}
            onClick={() => onAction('edit', user)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {user.trialEndsAt && (
        <Tooltip label={t('users.extendTrial')}>
          <ActionIcon
            variant="subtle"
            color="teal"
            aria-label={`${t('users.extendTrial')}: ${user.email}`}
            onClick={() => onAction('extend', user)}
          >
            <IconCalendarPlus size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('common.delete')}: ${user.email}`}
            onClick={() => onAction('delete', user)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** On a phone a five-column table does not fit: one card per user, the same facts and actions. */
export function UserCards({
  users,
  actionsOf,
}: {
  users: AdminUser[];
  actionsOf: (user: AdminUser) => ReactNode;
}) {
  const { t } = useTranslation();
  if (users.length === 0) return <Text c="dimmed">{t('users.none')}</Text>;
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('nav.userManagement')}
    >
      {users.map((user) => (
        <Paper key={user.uid} component="li" withBorder p="sm" aria-label={user.email}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={600}>{user.displayName}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Stack>
            {actionsOf(user)}
          </Group>
          <Group justify="space-between" mt="xs" gap="xs">
            <RoleBadges user={user} />
            <Text size="sm">
              {t('users.createdAt')}: {formatDate(user.createdAt)}
            </Text>
            <Text size="sm">
              {t('users.storage')}: {formatBytes(user.storageBytes)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
