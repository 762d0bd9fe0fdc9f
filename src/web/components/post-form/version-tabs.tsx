import { Button, Checkbox, Chip, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';
import type { DraftMedia } from './draft-media';
import { type DraftVersion, ownVersion, type VersionKey } from './versions';

const ALL = 'all';
const chipOf = (key: VersionKey) => (key.account === null ? key.platform : `${key.platform} ${key.account}`);

/** A tab of the "Text for" row: a network, or one of its accounts when the post goes out from several. */
export interface VersionReceiver extends VersionKey {
  /** "X", or "X (brand)". */
  name: string;
}

/**
 * Which text the editor shows: "All networks" (the post), one chosen network's, or one account's of a
 * network posted to from several. One with a version of its own is marked; choosing it edits that
 * version. Radio chips: they wrap on a phone.
 */
export function VersionTabs({
  receivers,
  versions,
  value,
  onChange,
}: {
  receivers: readonly VersionReceiver[];
  versions: readonly DraftVersion[];
  /** Whose text is being written; null: the text for all networks. */
  value: VersionKey | null;
  onChange: (key: VersionKey | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="radiogroup" aria-label={t('versions.label')}>
      <Text size="sm" fw={500}>
        {t('versions.label')}
      </Text>
      <Chip.Group
        multiple={false}
        value={value ? chipOf(value) : ALL}
        onChange={(v) => {
          const chosen = receivers.find((r) => chipOf(r) === v);
          onChange(chosen ? { platform: chosen.platform, account: chosen.account } : null);
        }}
      >
        <Chip value={ALL} size="sm" variant="outline">
          {t('versions.all')}
        </Chip>
        {receivers.map((receiver) => {
          const own = ownVersion(versions, receiver) !== undefined;
          return (
            <Chip
              key={chipOf(receiver)}
              value={chipOf(receiver)}
              size="sm"
              variant="outline"
              aria-label={own ? t('versions.ownLabel', { network: receiver.name }) : undefined}
              data-own={own || undefined}
            >
              {/* Marked whether chosen or not: a chip's own icon shows only while it is chosen. */}
              <Group component="span" gap={4} wrap="nowrap">
                {own && <IconPencil size={12} aria-hidden />}
                <bdi>{receiver.name}</bdi>
              </Group>
            </Chip>
          );
        })}
      </Chip.Group>
    </Group>
  );
}

/**
 * Under the editor while a network's (or an account's) text is written: whether it has a version of its
 * own, Reset, Adapt for {network} (with a model), and which of the post's files it gets.
 */
export function VersionPanel({
  receiver,
  version,
  files,
  media,
  adapt,
  onReset,
  onFiles,
}: {
  receiver: VersionReceiver;
  version: DraftVersion | undefined;
  /** The files it receives now (an account without a version: its network's). */
  files: readonly { id: string }[];
  media: readonly DraftMedia[];
  /** "Adapt for {network}", when a model is configured. */
  adapt?: ReactNode;
  onReset: () => void;
  onFiles: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const network = receiver.name;
  const platform = PLATFORM_NAMES[receiver.platform];
  const account = receiver.account !== null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          {version
            ? t('versions.hasOwn', { network })
            : account
              ? t('versions.usesNetwork', { name: network, network: platform })
              : t('versions.usesBase', { network })}
        </Text>
        <Group gap="xs">
          {adapt}
          {version && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={onReset}
            >
              {account ? t('versions.resetAccount', { network: platform }) : t('versions.reset')}
            </Button>
          )}
        </Group>
      </Group>
      {media.length > 0 && (
        <Checkbox.Group
          label={t('versions.files', { network })}
          value={files.map((f) => f.id)}
          onChange={onFiles}
        >
          <Group gap="sm" mt={4}>
            {media.map((m) => (
              <Checkbox key={m.id} value={m.id} label={<bdi>{m.name}</bdi>} size="xs" />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
