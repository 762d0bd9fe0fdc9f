import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleType } from 'rrule';
import { zonedParts, zonedTimeToInstant } from './time/zoned-day';

/**
 * The occurrences of a recurring post (DESIGN.md section 8). rrule does the calendar arithmetic on the
 * wall clock of the owner's zone ("floating" time: the wall clock written as if it were UTC), and each
 * wall-clock occurrence becomes an instant here, in the zone, with its daylight-saving offset of that day.
 * So 09:00 every week stays 09:00 local across both changes. rrule's own rules stand: monthly on a day a
 * month lacks (the 31st, the 30th in February) skips that month; a wall time that a spring-forward night
 * skips is the first time after the gap (02:30 is 03:30), a time that happens twice is the first one.
 * rrule's own time-zone support is not used: it depends on the runtime's zone data in ways that differ
 * between browsers and Node.
 */

// Node loads rrule's CommonJS build, whose names sit on `default`; bundlers load its ES module.
const { RRule } = (rruleModule as { default?: typeof rruleModule }).default ?? rruleModule;

/** `minutely` and `secondly` exist for tests of the worker only; the API offers daily, weekly, monthly. */
export type RecurrenceFrequency = 'daily' | 'weekly' | 'monthly' | 'minutely' | 'secondly';

export interface RecurrenceRule {
  /** The first occurrence: its wall-clock time in `timezone` is the time of every occurrence. */
  startDate: Date;
  /** No occurrence after this instant; null for none. */
  endDate: Date | null;
  /** At most this many occurrences from `startDate`; null for no limit. */
  count: number | null;
  frequency: RecurrenceFrequency;
  interval: number;
  /** Weekly only: 0 Monday … 6 Sunday; empty for the weekday of `startDate`. */
  weekdays: readonly number[];
  timezone: string;
}

const FREQUENCY: Record<RecurrenceFrequency, Options['freq']> = {
  daily: RRule.DAILY,
  weekly: RRule.WEEKLY,
  monthly: RRule.MONTHLY,
  minutely: RRule.MINUTELY,
  secondly: RRule.SECONDLY,
};

const DAY_MS = 86_400_000;
/** No call reads more occurrences than this, whatever the window (a rule every second over a year). */
export const OCCURRENCES_READ_MAX = 5_000;

/** The wall clock of `at` in `tz`, written as a UTC date (rrule's floating time). */
function floating(at: Date, tz: string): Date {
  const { year, month, day, hour, minute } = zonedParts(at, tz);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, at.getUTCSeconds()));
}

/** The instant when the clocks of `tz` show the floating date `wall`. */
function instantOf(wall: Date, tz: string): Date {
  const minuteStart = zonedTimeToInstant(
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    tz,
  );
  return new Date(minuteStart.getTime() + wall.getUTCSeconds() * 1000);
}

function rruleOf(rule: RecurrenceRule): RRuleType {
  const weekly = rule.frequency === 'weekly' && rule.weekdays.length > 0;
  return new RRule({
    freq: FREQUENCY[rule.frequency],
    interval: rule.interval,
    dtstart: floating(rule.startDate, rule.timezone),
    count: rule.count ?? null,
    ...(weekly ? { byweekday: [...rule.weekdays].sort((a, b) => a - b) } : {}),
  });
}

/**
 * The occurrences in [from, to) as instants, in order, at most `limit`. The floating window is widened
 * by a day on each side, since a zone's offset moves wall clocks by up to a day; then cut exactly.
 */
export function occurrencesBetween(
  rule: RecurrenceRule,
  from: Date,
  to: Date,
  limit = OCCURRENCES_READ_MAX,
): Date[] {
  const out: Date[] = [];
  if (to <= from) return out;
  const end = rule.endDate && rule.endDate < to ? new Date(rule.endDate.getTime() + 1) : to;
  rruleOf(rule).between(
    new Date(floating(from, rule.timezone).getTime() - DAY_MS),
    new Date(floating(end, rule.timezone).getTime() + DAY_MS),
    true,
    (wall: Date) => {
      const at = instantOf(wall, rule.timezone);
      if (at >= end) return false;
      if (at >= from) out.push(at);
      return out.length < limit;
    },
  );
  return out;
}

/** The next `n` occurrences at or after `from` (before the end, if any). */
export function nextOccurrences(rule: RecurrenceRule, from: Date, n: number): Date[] {
  const out: Date[] = [];
  const end = rule.endDate ? rule.endDate.getTime() : Infinity;
  let read = 0;
  rruleOf(rule).between(
    new Date(floating(from, rule.timezone).getTime() - DAY_MS),
    new Date(8.64e15),
    true,
    (wall: Date) => {
      const at = instantOf(wall, rule.timezone);
      if (at.getTime() > end) return false;
      if (at >= from) out.push(at);
      return out.length < n && ++read < OCCURRENCES_READ_MAX;
    },
  );
  return out;
}

/** The first occurrence at or after `from`, or null when the rule has ended by then. */
export const nextOccurrence = (rule: RecurrenceRule, from: Date): Date | null =>
  nextOccurrences(rule, from, 1)[0] ?? null;
