import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A secret shown once (an API token, a webhook's signing secret): read-only, monospace, with a copy button. */
export function CopyableSecret({
  value,
  label,
  copyLabel,
  copiedLabel,
  testId,
}: {
  value: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={value}
        readOnly
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1, minWidth: 0 }}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? copiedLabel : copyLabel}>
            <ActionIcon
              size="lg"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              aria-label={copied ? copiedLabel : copyLabel}
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
