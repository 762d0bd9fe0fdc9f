import { Chip, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Platform, PLATFORMS } from '../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';
import { PLATFORM_ICONS } from '../platform-icon';
import { useProfile } from '../../lib/session';

/** A chosen network's mark in its chip: the chip's text names it already. */
function Icon({ platform }: { platform: Platform }) {
  const Mark = PLATFORM_ICONS[platform];
  return <Mark size={14} aria-hidden />;
}

/** One toggle per network, filled when selected (label from platforms.shareTo). */
export function PlatformSelector({
  value,
  onChange,
}: {
  value: Platform[];
  onChange: (value: Platform[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data: profile } = useProfile();
  // A network this server has no app for cannot be connected, so it is not offered (one chosen before
  // stays, to be taken off).
  const unavailable = PLATFORMS.filter((p) => profile?.configured[p] === false);
  return (
    <div role="group" aria-labelledby="share-to-label">
      <Text id="share-to-label" fw={500} size="sm" mb={6}>
        {t('platforms.shareTo')}
      </Text>
      <Chip.Group
        multiple
        value={value}
        onChange={(next) => onChange(PLATFORMS.filter((p) => next.includes(p)))}
      >
        <Group gap="xs">
          {PLATFORMS.map((platform) => (
            <Chip
              key={platform}
              value={platform}
              variant="outline"
              disabled={unavailable.includes(platform) && !value.includes(platform)}
              icon={<Icon platform={platform} />}
            >
              {PLATFORM_NAMES[platform]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {unavailable.length > 0 && (
        <Text size="xs" c="dimmed" mt={6}>
          {t('platforms.notConfigured', {
            list: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
              unavailable.map((p) => PLATFORM_NAMES[p]),
            ),
          })}
        </Text>
      )}
    </div>
  );
}
