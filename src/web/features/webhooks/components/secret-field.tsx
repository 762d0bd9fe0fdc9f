import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The new endpoint's signing secret, read-only, with a copy button. */
export function SecretField({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={t('webhooks.secret')}
        value={secret}
        readOnly
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="webhook-secret"
      />
      <CopyButton value={secret}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('webhooks.copied') : t('webhooks.copy')}>
            <ActionIcon
              size="lg"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              aria-label={copied ? t('webhooks.copied') : t('webhooks.copy')}
              onClick={copy}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
