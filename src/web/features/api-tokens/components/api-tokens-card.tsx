import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '../../../../shared/api/tokens.schemas';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { CreateTokenDialog } from './create-token-dialog';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenCards } from './token-parts';

/** The Profile page's "API tokens" section: the user's tokens, a new one, revoking one. */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="api-tokens-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 16rem' }}>
            <Title order={2} size="h3" id="api-tokens-title">
              {t('apiTokens.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('apiTokens.intro')}
            </Text>
          </div>
          <Button leftSection={<IconKey size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {t('apiTokens.createTitle')}
          </Button>
        </Group>
        {tokens.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {tokens.isError && (
          <Alert color="red" role="alert">
            {t('apiTokens.fetchFailed')}
          </Alert>
        )}
        {tokens.data?.data.length === 0 && <Text c="dimmed">{t('apiTokens.none')}</Text>}
        {tokens.data && tokens.data.data.length > 0 && (
          <TokenCards tokens={tokens.data.data} onRevoke={setRevoking} />
        )}
      </Stack>
      {creating && <CreateTokenDialog onClose={() => setCreating(false)} />}
      {revoking && (
        <RevokeTokenDialog
          token={revoking}
          revoke={revoke.mutate}
          pending={revoke.isPending}
          onClose={() => setRevoking(null)}
        />
      )}
    </Card>
  );
}
