import { Alert, Group, Loader, Pagination, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminToken } from '../../../../shared/api/tokens.schemas';
import { ADMIN_TOKENS_PAGE, useAdminTokens } from '../api/get-admin-tokens';
import { useRevokeAnyToken } from '../api/revoke-admin-token';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { RevokeButton, TokenCards, TokenPrefix, TokenState, useTokenDates } from './token-parts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Administration › API tokens: every user's tokens, newest first, and revoking any of them. */
export function AdminTokensPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const tokens = useAdminTokens(page);
  const revoke = useRevokeAnyToken();
  const [revoking, setRevoking] = useState<AdminToken | null>(null);
  const dates = useTokenDates();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
  const list = tokens.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((tokens.data?.total ?? 0) / ADMIN_TOKENS_PAGE));
  const onRevoke = (token: AdminToken) => setRevoking(token);

  return (
    <Stack>
      <Title order={1}>{t('apiTokens.adminTitle')}</Title>
      <Text c="dimmed">{t('apiTokens.adminIntro')}</Text>
      {tokens.isPending && <Loader aria-label={t('common.loading')} />}
      {tokens.isError && (
        <Alert color="red" role="alert">
          {t('apiTokens.fetchFailed')}
        </Alert>
      )}
      {tokens.data && list.length === 0 && <Text c="dimmed">{t('apiTokens.noneAtAll')}</Text>}
      {list.length > 0 && phone && (
        <TokenCards tokens={list} onRevoke={(token) => onRevoke(token as AdminToken)} />
      )}
      {list.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiTokens.name')}</Table.Th>
                <Table.Th>{t('apiTokens.owner')}</Table.Th>
                <Table.Th>{t('apiTokens.token')}</Table.Th>
                <Table.Th>{t('apiTokens.created')}</Table.Th>
                <Table.Th>{t('apiTokens.lastUsed')}</Table.Th>
                <Table.Th>{t('apiTokens.expires')}</Table.Th>
                <Table.Th>{t('apiTokens.state')}</Table.Th>
                <Table.Th>{t('users.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{token.name}</Table.Td>
                  <Table.Td style={NO_WRAP}>{token.owner.email}</Table.Td>
                  <Table.Td>
                    <TokenPrefix token={token} />
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>{dates.created(token)}</Table.Td>
                  <Table.Td>{dates.lastUsed(token)}</Table.Td>
                  <Table.Td style={NO_WRAP}>{dates.expires(token)}</Table.Td>
                  <Table.Td>
                    <TokenState token={token} />
                  </Table.Td>
                  <Table.Td>
                    <RevokeButton token={token} onRevoke={() => onRevoke(token)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
          />
        </Group>
      )}
      {revoking && (
        <RevokeTokenDialog
          token={revoking}
          owner={revoking.owner.email}
          revoke={revoke.mutate}
          pending={revoke.isPending}
          onClose={() => setRevoking(null)}
        />
      )}
    </Stack>
  );
}
