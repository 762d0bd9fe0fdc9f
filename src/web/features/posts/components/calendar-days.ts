import type { Dayjs } from 'dayjs';
import { FIRST_DAY_OF_WEEK } from '../../../lib/format-date';

/** `list`: the week's days one under another (the phone's week), on any screen. */
export type CalendarView = 'month' | 'week' | 'day' | 'list';

/** A day's identity in the calendar: its droppable id and `data-date`. */
export const dayKey = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The first day of `day`'s week: weeks start on the day the date pickers' weeks start on too. Not dayjs's
 * startOf('week'), which follows whichever dayjs locale was loaded last.
 */
const weekStart = (day: Dayjs) => day.subtract((day.day() - FIRST_DAY_OF_WEEK + 7) % 7, 'day').startOf('day');

/** The visible days: whole weeks, from `FIRST_DAY_OF_WEEK` (Sunday); or the one day. */
export function visibleDays(anchor: Dayjs, view: CalendarView) {
  if (view === 'day') return [anchor.startOf('day')];
  const start = weekStart(view === 'month' ? anchor.startOf('month') : anchor);
  const end = weekStart(view === 'month' ? anchor.endOf('month') : anchor).add(6, 'day');
  const days: Dayjs[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day')) days.push(d);
  return days;
}

/** Before `today` ('YYYY-MM-DD' in the profile's zone): no post can be added or moved there. */
export const isPastDay = (day: Dayjs, today: string) => dayKey(day) < today;

/** What the calendar's title reads: the month, the week's first and last day ("Nov 22 – 28, 2026"), or the day. */
export function rangeLabel(locale: string, view: CalendarView, anchor: Dayjs, days: Dayjs[]) {
  if (view === 'month') {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(anchor.toDate());
  }
  if (view === 'day') return new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(anchor.toDate());
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return format.formatRange(days[0]!.toDate(), days.at(-1)!.toDate());
}

/** A day as words, for headings and announcements: "Thursday, November 26". */
export const dayName = (locale: string, day: Dayjs) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(day.toDate());

/**
 * The start of a card's text, for saying which post moves: the server's card HTML as plain text, cut at a
 * word before `max` characters with '…' ("Launch day is…").
 */
export function shortText(cardHtml: string, max = 20) {
  const text = (new DOMParser().parseFromString(cardHtml, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
