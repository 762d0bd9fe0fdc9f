import type { CalendarAriaLabels } from '@mantine/dates';
import type { TFunction } from 'i18next';

/** The names a date picker's arrows and month/year buttons are read by, in the UI language. */
export const datePickerLabels = (t: TFunction): CalendarAriaLabels => ({
  previousMonth: t('datePicker.previousMonth'),
  nextMonth: t('datePicker.nextMonth'),
  previousYear: t('datePicker.previousYear'),
  nextYear: t('datePicker.nextYear'),
  previousDecade: t('datePicker.previousDecade'),
  nextDecade: t('datePicker.nextDecade'),
  monthLevelControl: t('datePicker.chooseMonth'),
  yearLevelControl: t('datePicker.chooseYear'),
});
