import { Chip, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  FREQUENCIES,
  type Frequency,
  INTERVAL_MAX,
  OCCURRENCES_MAX,
  RECURRING_YEAR_MIN,
} from '../../../../shared/api/recurring.schemas';
import { datePickerLabels } from '../../../lib/date-picker-labels';
import { BROWSER_CLOCK, formatDate, weekdayNames } from '../../../lib/format-date';
import { toZonedWallClock } from '../../../lib/time-zone';
import { SchedulePicker } from '../../../components/post-form/schedule-picker';
import { everyText, WEEK_ORDER } from './frequency-line';
import type { EndKind, FormErrors, RecurringForm } from './recurring-form';

const END_KINDS: { value: EndKind; key: string }[] = [
  { value: 'never', key: 'recurring.endNever' },
  { value: 'date', key: 'recurring.endOnDate' },
  { value: 'count', key: 'recurring.endAfter' },
];

/**
 * When a recurring post goes out: its start, how often, on which weekdays, and when it ends. Every
 * message is an i18n key from the schema or the server, shown at its field.
 */
export function RuleFields({
  form,
  errors,
  zone,
  editing,
  onChange,
}: {
  form: RecurringForm;
  errors: FormErrors;
  zone: string;
  editing: boolean;
  onChange: (patch: Partial<RecurringForm>) => void;
}) {
  const { t, i18n } = useTranslation();
  // The start's message names the earliest year it takes.
  const error = (field: keyof FormErrors) =>
    errors[field] ? t(errors[field], { year: RECURRING_YEAR_MIN }) : undefined;
  const shortNames = weekdayNames('short', { locale: i18n.language });
  const interval = typeof form.interval === 'number' && form.interval >= 1 ? form.interval : null;
  return (
    <Stack>
      <SchedulePicker
        label={t('recurring.startDate')}
        value={form.start}
        zone={zone}
        allowPast={editing}
        error={error('startDate')}
        onChange={(start) => onChange({ start })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
        <Select
          label={t('recurring.frequency')}
          data={FREQUENCIES.map((f) => ({ value: f, label: t(`recurring.frequencies.${f}`) }))}
          value={form.frequency}
          onChange={(value) => onChange({ frequency: value as Frequency | null })}
          error={error('frequency')}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t('recurring.interval')}
          // What the number means right now: "Every 2 weeks".
          description={interval && form.frequency ? everyText(t, form.frequency, interval) : undefined}
          // Below the box, so the box lines up with the frequency beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={form.interval}
          onChange={(value) => onChange({ interval: value })}
          // No clamping: 0 stays 0, so the user reads why it is refused instead of seeing it change.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          max={INTERVAL_MAX}
          error={error('interval')}
        />
      </SimpleGrid>
      {form.frequency === 'weekly' && (
        <div role="group" aria-labelledby="weekdays-label" aria-describedby="weekdays-hint">
          <Text id="weekdays-label" fw={500} size="sm" mb={4}>
            {t('recurring.weekdays')}
          </Text>
          <Chip.Group
            multiple
            value={form.weekdays.map(String)}
            onChange={(next) => onChange({ weekdays: next.map(Number) })}
          >
            <Group gap={6}>
              {WEEK_ORDER.map((day, i) => (
                <Chip key={day} value={String(day)} size="sm">
                  {shortNames[i]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text id="weekdays-hint" size="xs" c={errors.weekdays ? 'red' : 'dimmed'} mt={4}>
            {errors.weekdays ? t(errors.weekdays) : t('recurring.weekdaysHint')}
          </Text>
        </div>
      )}
      <Radio.Group
        label={t('recurring.ends')}
        value={form.end}
        onChange={(value) => onChange({ end: value as EndKind })}
      >
        <Group gap="md" mt={4}>
          {END_KINDS.map(({ value, key }) => (
            <Radio key={value} value={value} label={t(key)} />
          ))}
        </Group>
      </Radio.Group>
      {form.end === 'date' && (
        <DatePickerInput
          label={t('recurring.endDate')}
          value={form.endDay}
          onChange={(endDay) => onChange({ endDay })}
          valueFormatter={({ date }) =>
            typeof date === 'string' ? formatDate(dayjs(date).toDate(), BROWSER_CLOCK) : ''
          }
          minDate={form.start ? toZonedWallClock(form.start, zone).slice(0, 10) : undefined}
          ariaLabels={datePickerLabels(t)}
          error={error('endDate')}
          maw={320}
        />
      )}
      {form.end === 'count' && (
        <NumberInput
          label={t('recurring.count')}
          value={form.count}
          onChange={(count) => onChange({ count })}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          max={OCCURRENCES_MAX}
          error={error('count')}
          maw={320}
        />
      )}
    </Stack>
  );
}
