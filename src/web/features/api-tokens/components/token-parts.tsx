import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminToken, ApiToken } from '../../../../shared/api/tokens.schemas';
import { formatDate, formatDateTime } from '../../../lib/format-date';

const STATE_COLORS = { active: 'green', expired: 'gray', revoked: 'red' } as const;

export function TokenState({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLORS[token.state]} style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`apiTokens.states.${token.state}`)}
    </Badge>
  );
}

/** The first characters of the token, then '…': enough to match it with the one a script holds. */
export function TokenPrefix({ token }: { token: ApiToken }) {
  return (
    <Code dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {token.prefix}…
    </Code>
  );
}

/** The dates a list shows of a token, in the reader's language; "Never" where there is none. */
export function useTokenDates() {
  const { t } = useTranslation();
  return {
    created: (token: ApiToken) => formatDate(token.createdAt),
    lastUsed: (token: ApiToken) =>
      token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens.never'),
    expires: (token: ApiToken) => (token.expiresAt ? formatDate(token.expiresAt) : t('apiTokens.never')),
  };
}

export function RevokeButton({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  const { t } = useTranslation();
  if (token.state === 'revoked') return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconBan size={14} aria-hidden />}
      aria-label={t('apiTokens.revokeNamed', { name: token.name })}
      onClick={() => onRevoke(token)}
    >
      {t('apiTokens.revoke')}
    </Button>
  );
}

/** Tokens as stacked cards: the Profile page's list, and the admin list on a phone. */
export function TokenCards({
  tokens,
  onRevoke,
}: {
  tokens: (ApiToken | AdminToken)[];
  onRevoke: (token: ApiToken) => void;
}) {
  const { t } = useTranslation();
  const dates = useTokenDates();
  return (
    <Stack gap="xs">
      {tokens.map((token) => (
        <Paper key={token.id} withBorder p="sm" component="article" aria-label={token.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {token.name}
              </Text>
              {'owner' in token && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {token.owner.email}
                </Text>
              )}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('apiTokens.actsIn', { workspace: token.workspaceName })}
              </Text>
              <Group gap="xs">
                <TokenPrefix token={token} />
                <TokenState token={token} />
              </Group>
            </Stack>
            <RevokeButton token={token} onRevoke={onRevoke} />
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {t('apiTokens.createdOn', { date: dates.created(token) })} ·{' '}
            {t('apiTokens.lastUsedOn', { date: dates.lastUsed(token) })} ·{' '}
            {token.state === 'revoked' && token.revokedAt
              ? t('apiTokens.revokedOn', { date: formatDate(token.revokedAt) })
              : t(token.state === 'expired' ? 'apiTokens.expiredOn' : 'apiTokens.expiresOn', {
                  date: dates.expires(token),
                })}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
