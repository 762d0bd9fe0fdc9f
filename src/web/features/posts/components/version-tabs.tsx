import { Button, Checkbox, Chip, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import type { Platform } from '../../../../shared/platforms/rules';
import type { DraftMedia } from '../../../components/post-form/draft-media';
import type { DraftVersion } from '../versions';

const ALL = 'all';

/**
 * Which text the editor shows: "All networks" (the post) or one chosen network's. A network with a
 * version of its own is marked; choosing it edits that version. Radio chips: they wrap on a phone.
 */
export function VersionTabs({
  platforms,
  versions,
  value,
  onChange,
}: {
  platforms: readonly Platform[];
  versions: readonly DraftVersion[];
  /** The network whose text is being written; null: the text for all networks. */
  value: Platform | null;
  onChange: (platform: Platform | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="radiogroup" aria-label={t('versions.label')}>
      <Text size="sm" fw={500}>
        {t('versions.label')}
      </Text>
      <Chip.Group
        multiple={false}
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? null : (v as Platform))}
      >
        <Chip value={ALL} size="sm" variant="outline">
          {t('versions.all')}
        </Chip>
        {platforms.map((platform) => {
          const own = versions.some((v) => v.platform === platform);
          return (
            <Chip
              key={platform}
              value={platform}
              size="sm"
              variant="outline"
              aria-label={own ? t('versions.ownLabel', { network: PLATFORM_NAMES[platform] }) : undefined}
              data-own={own || undefined}
            >
              {/* Marked whether chosen or not: a chip's own icon shows only while it is chosen. */}
              <Group component="span" gap={4} wrap="nowrap">
                {own && <IconPencil size={12} aria-hidden />}
                {PLATFORM_NAMES[platform]}
              </Group>
            </Chip>
          );
        })}
      </Chip.Group>
    </Group>
  );
}

/**
 * Under the editor while a network's text is written: whether it has a version of its own, Reset to the
 * text for all networks, Adapt for {network} (with a model), and which of the post's files it gets.
 */
export function VersionPanel({
  platform,
  version,
  media,
  adapt,
  onReset,
  onFiles,
}: {
  platform: Platform;
  version: DraftVersion | undefined;
  media: readonly DraftMedia[];
  /** "Adapt for {network}", when a model is configured. */
  adapt?: ReactNode;
  onReset: () => void;
  onFiles: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const network = PLATFORM_NAMES[platform];
  const files = version?.media ?? media.map((m) => m.id);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          {version ? t('versions.hasOwn', { network }) : t('versions.usesBase', { network })}
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
              {t('versions.reset')}
            </Button>
          )}
        </Group>
      </Group>
      {media.length > 0 && (
        <Checkbox.Group label={t('versions.files', { network })} value={files} onChange={onFiles}>
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
