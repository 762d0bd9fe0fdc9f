import i18n from 'i18next';

/**
 * Dates and times as the reader's language writes them, through Intl: "3:00 PM" in English, "15:00" in
 * German, "3:00 م" in Arabic. Every date or time the web shows goes through here, so none is written by
 * hand in one language's pattern.
 */

/** The first day of every week the app shows, the calendar's and the date pickers' (spec: Sunday first). */
export const FIRST_DAY_OF_WEEK = 0;

export interface FormatOptions {
  /** A BCP 47 tag; the UI language when left out. */
  locale?: string;
  /** An IANA zone (the post's or the user's); the viewer's (`setViewerZone`) when left out. */
  timeZone?: string;
}

type When = Date | string | number;

/**
 * The zone a time is shown in when the caller names none: the viewer's (their workspace's or profile's,
 * set by the app's layout as it renders), so one post reads the same on every screen (issue 26). Until a
 * profile is known, the browser's.
 */
let viewerZone: string | undefined;
export const setViewerZone = (zone: string | undefined) => {
  viewerZone = zone;
};
/** For a date picker's own value (a wall clock held as a browser-local date): the browser's zone. */
export const BROWSER_CLOCK: FormatOptions = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };

// Building an Intl.DateTimeFormat costs far more than using one, and a calendar month formats hundreds
// of times: one formatter per (locale, style, zone), kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  style: Intl.DateTimeFormatOptions,
  styleKey: string,
  { locale, timeZone = viewerZone }: FormatOptions,
) {
  const tag = locale ?? i18n.language ?? 'en';
  const key = `${tag}|${timeZone ?? ''}|${styleKey}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { ...style, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, format);
  }
  return format;
}

const format = (style: Intl.DateTimeFormatOptions) => {
  const styleKey = JSON.stringify(style);
  return (when: When, options: FormatOptions = {}) =>
    formatter(style, styleKey, options).format(new Date(when));
};

/** Weekday, day, month and time, short: "Thu, Nov 27, 2:30 PM" (dashboard and drafts lists). */
export const formatDayTime = format({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The time of day: "3:00 PM", "15:00", "下午3:00"… (12 or 24 hours as the language does). */
export const formatTime = format({ timeStyle: 'short' });

/** A date: "Jan 5, 2030", "05.01.2030", "2030年1月5日"… */
export const formatDate = format({ dateStyle: 'medium' });

/** A date and its time: "Jan 5, 2030, 3:00 PM". */
export const formatDateTime = format({ dateStyle: 'medium', timeStyle: 'short' });

/** A day in words: "Saturday, January 5, 2030". */
export const formatLongDate = format({ dateStyle: 'full' });

/** A day in words and its time: "Saturday, January 5, 2030 at 3:00 PM". */
export const formatLongDateTime = format({ dateStyle: 'full', timeStyle: 'short' });

/**
 * The seven day names in the order the app's weeks run, from `FIRST_DAY_OF_WEEK`: ["Sun", "Mon", …].
 * Formatted in UTC from a known week so neither the reader's zone nor a DST change shifts a name.
 */
export function weekdayNames(width: 'long' | 'short' | 'narrow' = 'short', options: FormatOptions = {}) {
  const names = formatter({ weekday: width }, `weekday-${width}`, {
    locale: options.locale,
    timeZone: 'UTC',
  });
  // 2023-01-01 was a Sunday (day 0).
  return Array.from({ length: 7 }, (_, i) =>
    names.format(Date.UTC(2023, 0, 1 + ((FIRST_DAY_OF_WEEK + i) % 7), 12)),
  );
}
