import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '../../../../shared/api/queue.schemas';
import { formatTime } from '../../../lib/format-date';
import { DAY_ORDER, weekdayName } from './weekdays';

/** A wall time 'HH:mm' as the reader's language writes a time ("9:00 AM", "09:00"). */
export const wallTime = (time: string) =>
  formatTime(Date.UTC(2024, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))), { timeZone: 'UTC' });

/**
 * A schedule in words: the days with the same times together ("Monday, Tuesday: 9:00 AM · 5:00 PM"),
 * in the week's order, and the zone the times are read in.
 */
export function ScheduleSummary({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const groups = new Map<string, number[]>();
  for (const day of DAY_ORDER) {
    const times = schedule.times
      .filter((x) => x.day === day)
      .map((x) => x.time)
      .sort();
    if (!times.length) continue;
    const key = times.join(' ');
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  return (
    <Stack gap={4}>
      {[...groups].map(([times, days]) => (
        <Text key={times} size="sm">
          <Text span fw={600}>
            {days.map((day) => weekdayName(day, i18n.language)).join(', ')}
          </Text>
          {': '}
          {times.split(' ').map(wallTime).join(' · ')}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {t('queue.inZone', { zone: schedule.timezone })}
      </Text>
    </Stack>
  );
}
