import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminToken } from '../../../../shared/api/tokens.schemas';
import { PagedTable } from '../../../components/paged-table';
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

  return (
    <Stack>
      <Title order={1}>{t('apiTokens.adminTitle')}</Title>
      <Text c="dimmed">{t('apiTokens.adminIntro')}</Text>
      <PagedTable
        query={tokens}
        pageSize={ADMIN_TOKENS_PAGE}
        page={page}
        onPage={setPage}
        failed={t('apiTokens.fetchFailed')}
        empty={t('apiTokens.noneAtAll')}
        cards={(list) => <TokenCards tokens={list} onRevoke={(token) => setRevoking(token as AdminToken)} />}
        columns={[
          { header: t('apiTokens.name'), cell: (token) => token.name, style: { overflowWrap: 'anywhere' } },
          { header: t('apiTokens.owner'), cell: (token) => token.owner.email, style: NO_WRAP },
          { header: t('apiTokens.token'), cell: (token) => <TokenPrefix token={token} /> },
          { header: t('apiTokens.created'), cell: (token) => dates.created(token), style: NO_WRAP },
          { header: t('apiTokens.lastUsed'), cell: (token) => dates.lastUsed(token) },
          { header: t('apiTokens.expires'), cell: (token) => dates.expires(token), style: NO_WRAP },
          { header: t('apiTokens.state'), cell: (token) => <TokenState token={token} /> },
          {
            header: t('users.actions'),
            cell: (token) => <RevokeButton token={token} onRevoke={() => setRevoking(token)} />,
          },
        ]}
      />
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
