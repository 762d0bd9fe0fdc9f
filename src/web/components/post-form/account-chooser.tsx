import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/api/users.schemas';
import type { Platform } from '../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';
import { accountsFor } from '../../lib/accounts';
import { useProfile } from '../../lib/session';

/** The accounts of one network with several: at least one stays chosen (the first, until another is). */
function NetworkAccounts({
  platform,
  accounts,
  value,
  onChange,
}: {
  platform: Platform;
  accounts: Account[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const shown = accountsFor(platform, value, accounts).map((a) => a.id);
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {t('platforms.accountsOf', { platform: PLATFORM_NAMES[platform] })}
      </Text>
      <Chip.Group
        multiple
        value={shown}
        onChange={(next) => {
          if (!next.length) return;
          const others = value.filter((id) => !accounts.some((a) => a.id === id));
          onChange([...others, ...accounts.filter((a) => next.includes(a.id)).map((a) => a.id)]);
        }}
      >
        <Group gap="xs">
          {accounts.map((account) => (
            <Chip
              key={account.id}
              value={account.id}
              size="sm"
              color={account.status === 'needs_reconnect' ? 'red' : undefined}
            >
              {account.username || t('connections.unknown')}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

/**
 * Under "Share to": for each selected network with several connected accounts, which of them the post
 * goes to (issue 25). Nothing shows where a network has one account or none.
 */
export function AccountChooser({
  platforms,
  value,
  onChange,
}: {
  platforms: Platform[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { data: profile } = useProfile();
  const all = profile?.accounts ?? [];
  const several = platforms
    .map((platform) => ({ platform, accounts: all.filter((a) => a.platform === platform) }))
    .filter((group) => group.accounts.length > 1);
  if (!several.length) return null;
  return (
    <Stack gap="xs">
      {several.map(({ platform, accounts }) => (
        <NetworkAccounts
          key={platform}
          platform={platform}
          accounts={accounts}
          value={value}
          onChange={onChange}
        />
      ))}
    </Stack>
  );
}
