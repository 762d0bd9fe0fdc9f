import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TWITTER_ACCOUNT_TYPES } from '../../../../shared/api/users.schemas';
import type { Profile } from '../../../../shared/api/users.schemas';
import type { Platform, TwitterAccountType } from '../../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import { failureText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDisconnect } from '../api/disconnect';
import { useUpdateTwitterSettings } from '../api/update-twitter-settings';

type Connection = Profile['connections'][string];

/** X's Account Type: standard (280 characters) or professional (4,000). */
function AccountTypeSelect({ value }: { value: TwitterAccountType }) {
  const { t } = useTranslation();
  const update = useUpdateTwitterSettings();
  return (
    <Select
      size="xs"
      label={t('connections.accountType')}
      data={TWITTER_ACCOUNT_TYPES.map((type) => ({
        value: type,
        label: t(`connections.accountTypes.${type}`),
      }))}
      value={value}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (!next || next === value) return;
        update.mutate(
          { accountType: next as TwitterAccountType },
          {
            onError: (error) =>
              notify({
                color: 'red',
                message: t('connections.settingFailed', { error: failureText(t, error, 'errors.generic') }),
              }),
          },
        );
      }}
    />
  );
}

/**
 * One network in Manage Platforms: who is connected (or not), whether it needs reconnecting, and the
 * action that fits. A network this server has no app credentials for says so instead of offering a
 * Connect that could only fail.
 */
export function PlatformCard({
  platform,
  connection,
  configured,
  accountType,
  connecting,
  onConnect,
}: {
  platform: Platform;
  connection: Connection | undefined;
  configured: boolean;
  accountType: TwitterAccountType;
  connecting: boolean;
  onConnect: (platform: Platform) => void;
}) {
  const { t } = useTranslation();
  const disconnect = useDisconnect();
  const name = PLATFORM_NAMES[platform];
  const needsReconnect = connection?.status === 'needs_reconnect';

  const onDisconnect = () =>
    disconnect.mutate(platform, {
      onSuccess: () => notify({ color: 'green', message: t('connections.disconnected', { platform: name }) }),
      onError: (error) =>
        notify({
          color: 'red',
          message: t('connections.disconnectFailed', {
            platform: name,
            error: failureText(t, error, 'errors.generic'),
          }),
        }),
    });

  const connectButton = (label: string) =>
    configured && (
      <Button
        size="xs"
        loading={connecting}
        onClick={() => onConnect(platform)}
        color={needsReconnect ? 'red' : undefined}
      >
        {label}
      </Button>
    );

  return (
    <Card withBorder padding="sm" component="section" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group gap="xs" wrap="nowrap">
          <PlatformIcon platform={platform} size={20} />
          <Text fw={600}>{name}</Text>
        </Group>
        {needsReconnect && (
          <Badge color="red" variant="filled" size="sm" maw="100%">
            {t('connections.needsReconnect')}
          </Badge>
        )}
        {connection ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('connections.connectedAs', { username: connection.username || t('connections.unknown') })}
          </Text>
        ) : (
          <Text size="sm">{t('connections.notConnected')}</Text>
        )}
        {!configured && (
          <Text size="xs" c="dimmed">
            {t('connections.notConfigured')}
          </Text>
        )}
        {platform === 'twitter' && connection && <AccountTypeSelect value={accountType} />}
        <Group gap="xs" mt="auto">
          {connection ? (
            <>
              {needsReconnect && connectButton(t('connections.reconnect'))}
              <Button size="xs" variant="default" loading={disconnect.isPending} onClick={onDisconnect}>
                {t('connections.disconnect')}
              </Button>
            </>
          ) : (
            connectButton(t('connections.connect'))
          )}
        </Group>
      </Stack>
    </Card>
  );
}
