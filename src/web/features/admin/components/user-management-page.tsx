import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../shared/api/users.schemas';
import { assignableRoles, isSuperAdmin } from '../../../../shared/roles';
import { errorMessage } from '../../../lib/error-message';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDate } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import { useUsers } from '../api/get-users';
import { useUnlockUser } from '../api/unlock-user';
import { CreateUserDialog, DeleteUserDialog, EditUserDialog, ExtendTrialDialog } from './user-dialogs';
import { RoleBadges, UserActions, UserCards } from './user-row-parts';

const PAGE_SIZES = ['5', '7', '10', '15', '20', '25', '50', 'all'] as const;
type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'extend'; user: AdminUser } | null;
type SortKey = 'displayName' | 'email' | 'role' | 'createdAt' | 'storageBytes';

export function UserManagementPage() {
  const { t } = useTranslation();
  const { data: me } = useProfile();
  const users = useUsers();
  const unlock = useUnlockUser();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'createdAt', desc: false });
  const [pageSize, setPageSize] = useState<(typeof PAGE_SIZES)[number]>('10');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });

  useEffect(() => {
    if (users.isError) notify({ color: 'red', message: t('users.fetchFailed') });
  }, [users.isError, t]);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = (users.data ?? []).filter(
      (u) => !needle || u.displayName.toLowerCase().includes(needle) || u.email.includes(needle),
    );
    const key = sort.key;
    const sorted = [...found].sort((a, b) =>
      key === 'storageBytes' ? a.storageBytes - b.storageBytes : a[key].localeCompare(b[key]),
    );
    return sort.desc ? sorted.reverse() : sorted;
  }, [users.data, search, sort]);
  const size = pageSize === 'all' ? Math.max(rows.length, 1) : Number(pageSize);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  const visible = rows.slice((current - 1) * size, current * size);

  if (!me) return null;
  const superAdmin = isSuperAdmin(me.role);
  const close = () => setDialog(null);
  const actionsOf = (user: AdminUser) => (
    <UserActions
      user={user}
      canEdit={assignableRoles(me.role, user.role).length > 0}
      canDelete={superAdmin}
      onAction={(kind, target) =>
        kind === 'unlock'
          ? unlock.mutate(target, {
              onSuccess: () =>
                notify({ color: 'green', message: t('users.unlocked', { email: target.email }) }),
              onError: (error) =>
                notify({ color: 'red', message: errorMessage(t, error, 'users.unlockFailed') }),
            })
          : setDialog({ kind, user: target })
      }
    />
  );

  const header = (key: SortKey, label: string) => {
    const Icon = sort.key !== key ? IconSelector : sort.desc ? IconChevronDown : IconChevronUp;
    return (
      <Table.Th aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <UnstyledButton onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }))}>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} size="sm">
              {label}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('admin.userManagementTitle')}</Title>
        {superAdmin && (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('users.createTitle')}
          </Button>
        )}
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {users.isPending && <Loader aria-label={t('common.loading')} />}
      {users.isError && (
        <Alert color="red" role="alert">
          {t('users.fetchFailed')}
        </Alert>
      )}
      {users.data && phone && <UserCards users={visible} actionsOf={actionsOf} />}
      {users.data && !phone && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {header('displayName', t('users.displayName'))}
                {header('email', t('login.email'))}
                {header('role', t('users.role'))}
                {header('createdAt', t('users.createdAt'))}
                {header('storageBytes', t('users.storage'))}
                <Table.Th>{t('users.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((user) => (
                <Table.Tr key={user.uid}>
                  <Table.Td>{user.displayName}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <RoleBadges user={user} />
                  </Table.Td>
                  <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                  <Table.Td>{formatBytes(user.storageBytes)}</Table.Td>
                  <Table.Td>{actionsOf(user)}</Table.Td>
                </Table.Tr>
              ))}
              {visible.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">{t('users.none')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Select
          label={t('users.perPage')}
          data={PAGE_SIZES.map((value) => ({ value, label: value === 'all' ? t('users.all') : value }))}
          value={pageSize}
          onChange={(value) => {
            setPageSize((value ?? '10') as (typeof PAGE_SIZES)[number]);
            setPage(1);
          }}
          allowDeselect={false}
          w={120}
        />
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
        />
      </Group>
      {dialog?.kind === 'create' && <CreateUserDialog onClose={close} />}
      {dialog?.kind === 'edit' && (
        <EditUserDialog
          user={dialog.user}
          roles={assignableRoles(me.role, dialog.user.role)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'extend' && <ExtendTrialDialog user={dialog.user} onClose={close} />}
    </Stack>
  );
}
