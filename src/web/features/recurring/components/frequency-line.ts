import type { TFunction } from 'i18next';
import type { Frequency, RecurringPost } from '../../../../shared/api/recurring.schemas';
import { zonedParts } from '../../../../shared/time/zoned-day';
import { FIRST_DAY_OF_WEEK, formatDate, weekdayNames } from '../../../lib/format-date';

export type RuleText = Pick<
  RecurringPost,
  'frequency' | 'interval' | 'weekdays' | 'startDate' | 'endDate' | 'count' | 'timezone'
>;

/** rrule's weekday number (0 Monday … 6 Sunday) of a JavaScript one (0 Sunday … 6 Saturday). */
export const rruleWeekday = (jsDay: number) => (jsDay + 6) % 7;

/** rrule's weekday numbers in the order the app's weeks run (Sunday first, like the calendar). */
export const WEEK_ORDER = Array.from({ length: 7 }, (_, i) => rruleWeekday((FIRST_DAY_OF_WEEK + i) % 7));

/** The rrule weekday of `at` on the clocks of `zone`. */
export function weekdayIn(at: Date, zone: string) {
  const { year, month, day } = zonedParts(at, zone);
  return rruleWeekday(new Date(Date.UTC(year, month - 1, day)).getUTCDay());
}

/** "Monday and Wednesday", "lunes y miércoles", "الاثنين والأربعاء": the days in week order. */
export function weekdayList(locale: string, weekdays: readonly number[]) {
  const names = weekdayNames('long', { locale });
  const chosen = WEEK_ORDER.flatMap((day, i) => (weekdays.includes(day) ? [names[i]!] : []));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(chosen);
}

/**
 * "Every day", "Every 2 weeks". An interval of 1 reads the `_one` form directly: it is "every <unit>" in
 * every language, also where the plural rules never pick `_one` for 1 (Chinese has only `_other`, which
 * would say "every 1 day").
 */
export function everyText(t: TFunction, frequency: Frequency, interval: number) {
  const unit = `recurring.every.${frequency}`;
  return interval === 1 ? t(`${unit}_one`) : t(unit, { count: interval });
}

/**
 * "Every 2 weeks on Monday and Friday, until Mar 3, 2027", "Every 3 months, 10 times". A weekly rule
 * without chosen days repeats on its start's weekday, and says which.
 */
export function frequencyText(t: TFunction, locale: string, rule: RuleText) {
  let text = everyText(t, rule.frequency, rule.interval);
  if (rule.frequency === 'weekly') {
    const days = rule.weekdays.length ? rule.weekdays : [weekdayIn(new Date(rule.startDate), rule.timezone)];
    text = t('recurring.onDays', { rule: text, days: weekdayList(locale, days) });
  }
  if (rule.endDate)
    text = t('recurring.until', {
      rule: text,
      // The end is the last moment of the day chosen, on the rule's own clock: that day is what is shown.
      date: formatDate(rule.endDate, { locale, timeZone: rule.timezone }),
    });
  else if (rule.count) text = t('recurring.times', { rule: text, count: rule.count });
  return text;
}
