import { Badge, Button, Card, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Account,
  ACCOUNTS_PER_NETWORK_MAX,
  TWITTER_ACCOUNT_TYPES,
} from '../../../../shared/api/users.schemas';
import type { Platform, TwitterAccountType } from '../../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import { failureText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDisconnectAccount } from '../api/disconnect';
import { useUpdateAccountType } from '../api/update-account-type';

/** One X account's Account Type: standard (280 characters) or professional (4,000). */
function AccountTypeSelect({ account }: { account: Account }) {
  const { t } = useTranslation();
  const update = useUpdateAccountType();
  const value = account.twitterAccountType ?? 'standard';
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
          { id: account.id, accountType: next as TwitterAccountType },
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

/** One connected account: who it is, whether it needs reconnecting, its settings, and its actions. */
function AccountRow({
  platform,
  account,
  alone,
  reconnect,
}: {
  platform: Platform;
  account: Account;
  /** The network's only account: the notices say the network, as the spec does. */
  alone: boolean;
  reconnect: ReactNode;
}) {
  const { t } = useTranslation();
  const disconnect = useDisconnectAccount();
  const name = PLATFORM_NAMES[platform];
  const username = account.username || t('connections.unknown');
  const needsReconnect = account.status === 'needs_reconnect';
  // This row leaves once the profile is read again, before `mutate`'s callbacks would run: the promise
  // tells the outcome all the same.
  const onDisconnect = () =>
    disconnect.mutateAsync(account.id).then(
      () =>
        notify({
          color: 'green',
          message: alone
            ? t('connections.disconnected', { platform: name })
            : t('connections.accountDisconnected', { platform: name, account: username }),
        }),
      (error: unknown) =>
        notify({
          color: 'red',
          message: t('connections.disconnectFailed', {
            platform: alone ? name : `${name} (${username})`,
            error: failureText(t, error, 'errors.generic'),
          }),
        }),
    );
  return (
    <Stack gap={6} role="group" aria-label={username}>
      {needsReconnect && (
        <Badge color="red" variant="filled" size="sm" maw="100%">
          {t('connections.needsReconnect')}
        </Badge>
      )}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('connections.connectedAs', { username })}
      </Text>
      {platform === 'twitter' && <AccountTypeSelect account={account} />}
      <Group gap="xs">
        {needsReconnect && reconnect}
        <Button size="xs" variant="default" loading={disconnect.isPending} onClick={onDisconnect}>
          {t('connections.disconnect')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One network in Manage Platforms: each connected account (a workspace may have several, issue 25) with
 * what it needs, and Connect, or "Connect another account". A network this server has no app credentials
 * for says so instead of offering a Connect that could only fail.
 */
export function PlatformCard({
  platform,
  accounts,
  configured,
  admin,
  connecting,
  onConnect,
}: {
  platform: Platform;
  /** The network's connected accounts, the first connected first. */
  accounts: Account[];
  configured: boolean;
  /** An administrator of the server, who is told what to set up; anyone else, whom to ask. */
  admin: boolean;
  connecting: boolean;
  onConnect: (platform: Platform) => void;
}) {
  const { t } = useTranslation();
  const name = PLATFORM_NAMES[platform];

  const connectButton = (label: string, variant?: 'light') =>
    configured && (
      <Button size="xs" variant={variant} loading={connecting} onClick={() => onConnect(platform)}>
        {label}
      </Button>
    );
  const reconnect = configured && (
    <Button size="xs" color="red" loading={connecting} onClick={() => onConnect(platform)}>
      {t('connections.reconnect')}
    </Button>
  );

  return (
    <Card withBorder padding="sm" component="section" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group gap="xs" wrap="nowrap">
          <PlatformIcon platform={platform} size={20} />
          <Text fw={600}>{name}</Text>
        </Group>
        {accounts.length === 0 && <Text size="sm">{t('connections.notConnected')}</Text>}
        {accounts.map((account, i) => (
          <Fragment key={account.id}>
            {i > 0 && <Divider />}
            <AccountRow
              platform={platform}
              account={account}
              alone={accounts.length === 1}
              reconnect={reconnect}
            />
          </Fragment>
        ))}
        {!configured && (
          <Text size="xs" c="dimmed">
            {admin
              ? t('connections.notConfiguredAdmin', {
                  platform: name,
                  prefix: platform.toUpperCase(),
                  uri: `${window.location.origin}/api/social/${platform}/callback`,
                })
              : t('connections.notConfiguredAsk')}
          </Text>
        )}
        <Group gap="xs" mt="auto">
          {accounts.length === 0
            ? connectButton(t('connections.connect'))
            : accounts.length < ACCOUNTS_PER_NETWORK_MAX &&
              connectButton(t('connections.connectAnother'), 'light')}
        </Group>
      </Stack>
    </Card>
  );
}
