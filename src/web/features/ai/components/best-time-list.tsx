import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BestTime } from '../../../../shared/api/ai.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';

// 2024-01-07 was a Sunday: day `weekday` of that week, at `hour`, names a weekday and an hour in any language.
const SUNDAY = Date.UTC(2024, 0, 7);

/** "Tuesday 9:00 AM", "martes, 9:00", "الثلاثاء ٩:٠٠ ص"… as the reader's language writes them. */
export function formatSlot(weekday: number, hour: number, locale: string) {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(SUNDAY + (weekday * 24 + hour) * 3_600_000));
}

/**
 * The best weekday and hour per network, with how many posts each figure rests on; with too little
 * history, it says so and that these are the documented defaults (never an invented figure).
 */
export function BestTimeList({ bestTime }: { bestTime: BestTime }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('aiPanel.sampleSize', { count: bestTime.sampleSize, zone: bestTime.zone })}
      </Text>
      {!bestTime.enough && (
        <Alert color="yellow" variant="light" p="xs" my={4}>
          {t('aiPanel.tooLittleHistory', { count: bestTime.sampleSize })}
        </Alert>
      )}
      <List size="sm" spacing={2}>
        {bestTime.slots.map((slot, i) => (
          <List.Item key={`${slot.platform ?? 'all'}-${i}`}>
            <Text span fw={600} size="sm">
              {slot.platform ? PLATFORM_NAMES[slot.platform] : t('aiPanel.allNetworks')}
            </Text>
            {': '}
            {formatSlot(slot.weekday, slot.hour, i18n.language)}
            {slot.posts > 0 && (
              <Text span c="dimmed" size="sm">
                {' '}
                {t('aiPanel.slotPosts', { count: slot.posts })}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </>
  );
}
