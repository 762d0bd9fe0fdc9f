import { Chip, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Platform, PLATFORMS } from '../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';
import { PlatformIcon } from '../platform-icon';

/** One toggle per network, filled when selected (label from platforms.shareTo). */
export function PlatformSelector({
  value,
  onChange,
}: {
  value: Platform[];
  onChange: (value: Platform[]) => void;
}) {
  const { t } = useTranslation();
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
              icon={<PlatformIcon platform={platform} size={14} />}
            >
              {PLATFORM_NAMES[platform]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}
