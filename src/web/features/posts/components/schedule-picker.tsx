import { DateTimePicker } from '@mantine/dates';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

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

const CONTROLS = [
  'previousMonth',
  'nextMonth',
  'previousYear',
  'nextYear',
  'previousDecade',
  'nextDecade',
  'monthLevelControl',
  'yearLevelControl',
] as const;

/**
 * Mantine's value, 'YYYY-MM-DD HH:mm:ss' on the browser's clock, as the instant it names. The ISO form
 * without an offset is local time by the standard, unlike the space-separated one engines may guess at.
 */
export const fromPickerValue = (value: string | null): Date | null =>
  value ? new Date(value.replace(' ', 'T')) : null;

/** When the post goes out: a day from the calendar, a time typed or picked, never in the past. */
export function SchedulePicker({
  value,
  onChange,
}: {
  value: Date | null;
  onChange: (value: Date | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <DateTimePicker
      label={t('composer.when')}
      placeholder={t('composer.whenPlaceholder')}
      value={value}
      onChange={(next) => onChange(fromPickerValue(next))}
      minDate={new Date()}
      clearable
      valueFormat="YYYY-MM-DD HH:mm"
      maw={320}
      timePickerProps={{
        hoursInputLabel: t('schedulePicker.hours'),
        minutesInputLabel: t('schedulePicker.minutes'),
        hoursInputProps: typeOver,
        minutesInputProps: typeOver,
      }}
      submitButtonProps={{ 'aria-label': t('schedulePicker.done') }}
      ariaLabels={Object.fromEntries(CONTROLS.map((control) => [control, t(`schedulePicker.${control}`)]))}
    />
  );
}
