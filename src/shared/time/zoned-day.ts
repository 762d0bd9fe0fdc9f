/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, tz: string): WallClock {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `tz` is ahead of UTC at the instant `at`, in milliseconds. */
function offsetAt(at: number, tz: string): number {
  const w = wallClock(new Date(at), tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant of the calendar day `year-month-day` in `tz`. Usually local midnight; where a
 * daylight-saving change skips midnight, the first wall-clock time that exists that day.
 */
export function startOfZonedDay(year: number, month: number, day: number, tz: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const candidates = [guess - offsetAt(guess, tz), guess - offsetAt(guess - offsetAt(guess, tz), tz)];
  const sameDay = candidates.filter((t) => {
    const w = wallClock(new Date(t), tz);
    return w.year === year && w.month === month && w.day === day;
  });
  return new Date(Math.min(...(sameDay.length ? sameDay : candidates)));
}

/** The calendar day that contains `at` in `tz`, as [start, end) instants: 23, 24 or 25 hours long. */
export function zonedDayRange(at: Date, tz: string): { start: Date; end: Date } {
  const { year, month, day } = wallClock(at, tz);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    start: startOfZonedDay(year, month, day, tz),
    end: startOfZonedDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz),
  };
}
