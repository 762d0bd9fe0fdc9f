import { DateTimePicker } from '@mantine/dates';
import type { MouseEvent } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePickerLabels } from '../../lib/date-picker-labels';
import { BROWSER_CLOCK, formatDateTime } from '../../lib/format-date';
import { fromZonedWallClock, toZonedWallClock } from '../../lib/time-zone';

/**
 * Typing into an hours or minutes box replaces it whole. Mantine's box parses its text from the caret,
 * and picking a day focuses the hours box with "00" selected: Chromium then collapses that selection
 * where a click lands (on mouseup, after the box's own select-all on click), so typing 1430 read
 * "010" → 10 and moved on to the minutes. Keeping every click a select-all makes typing work at any moment.
 */
const keepSelected = (event: MouseEvent<HTMLInputElement>) => {
  event.preventDefault();
  event.currentTarget.select();
};
const typeOver = { onMouseUp: keepSelected };

/** Mantine's value, 'YYYY-MM-DD HH:mm:ss' on the clocks of `zone` (the user's), as the instant it names. */
export const fromPickerValue = (value: string | null, zone: string): Date | null =>
  value ? fromZonedWallClock(value, zone) : null;

/**
 * When the post goes out: a day from the calendar, a time typed or picked, never in the past. A recurring
 * post's start uses it too, with its own label; one being edited may have started already (`allowPast`).
 */
export function SchedulePicker({
  value,
  zone,
  onChange,
  label,
  error,
  allowPast = false,
}: {
  value: Date | null;
  /** The user's time zone: the picker shows and reads its clocks, whatever the browser's zone. */
  zone: string;
  onChange: (value: Date | null) => void;
  label?: string;
  error?: string;
  allowPast?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DateTimePicker
      label={label ?? t('composer.when')}
      placeholder={t('composer.whenPlaceholder')}
      value={value && toZonedWallClock(value, zone)}
      onChange={(next) => onChange(fromPickerValue(next, zone))}
      minDate={allowPast ? undefined : toZonedWallClock(new Date(), zone)}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': t('schedulePicker.clear') }}
      // Shown the reader's way ("Dec 12, 2026, 2:30 PM", "12.12.2026, 14:30"); the value stays on the zone's clock.
      valueFormat={(value) => formatDateTime(dayjs(value).toDate(), BROWSER_CLOCK)}
      maw={320}
      timePickerProps={{
        hoursInputLabel: t('schedulePicker.hours'),
        minutesInputLabel: t('schedulePicker.minutes'),
        hoursInputProps: typeOver,
        minutesInputProps: typeOver,
      }}
      submitButtonProps={{ 'aria-label': t('schedulePicker.done') }}
      ariaLabels={datePickerLabels(t)}
    />
  );
}
