import { FIRST_DAY_OF_WEEK } from '../../../lib/format-date';

/** A schedule's days (0 Monday … 6 Sunday) in the order the app's weeks show them (Sunday first). */
export const DAY_ORDER = Array.from({ length: 7 }, (_, i) => (i + FIRST_DAY_OF_WEEK + 6) % 7);

/** The name of a schedule's day (0 Monday … 6 Sunday) in `locale`; 2024-01-01 was a Monday. */
export const weekdayName = (day: number, locale: string, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + day));
