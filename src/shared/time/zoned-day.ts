/** Zones found valid, so that each is checked once: making a formatter costs more than the rest of a check. */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 2000;

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  // Bounded: a zone's name may be spelled in any case, and each spelling is valid.
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(tz);
  return true;
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
/**
 * Wall clocks worked out before, by zone and instant: a calendar asks for the same post's clock several
 * times in one render (its day, its place in the hours), and `formatToParts` is the costly part. Read
 * only (shared between callers); emptied when full.
 */
const clocks = new Map<string, Readonly<WallClock>>();
const CLOCKS_KEPT = 5000;

function wallClock(at: Date, tz: string): Readonly<WallClock> {
  const key = `${tz} ${at.getTime()}`;
  const kept = clocks.get(key);
  if (kept) return kept;
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
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(at))
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  if (clocks.size >= CLOCKS_KEPT) clocks.clear();
  clocks.set(key, clock);
  return clock;
}

/** How far `tz` is ahead of UTC at the instant `at`, in milliseconds. */
function offsetAt(at: number, tz: string): number {
  const w = wallClock(new Date(at), tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant when the clocks of `tz` show `year-month-day hour:minute`. A time skipped by a
 * daylight-saving change resolves to the first one that exists after it (02:30 on a spring-forward
 * night is 03:30 in Europe); a time that happens twice resolves to the first.
 */
export function zonedTimeToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  tz: string,
): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const candidates = [
    ...new Set([guess - offsetAt(guess, tz), guess - offsetAt(guess - offsetAt(guess, tz), tz)]),
  ].sort((a, b) => a - b);
  const exact = candidates.find((t) => {
    const w = wallClock(new Date(t), tz);
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
  });
  if (exact !== undefined) return new Date(exact);
  // In a gap: the same wall time read with the offset from before the change lands after the gap.
  return new Date(guess - offsetAt(guess - 86_400_000, tz));
}

/** The first instant of the calendar day `year-month-day` in `tz`: midnight, or the first time after a gap. */
export const startOfZonedDay = (year: number, month: number, day: number, tz: string) =>
  zonedTimeToInstant(year, month, day, 0, 0, tz);

/** The wall-clock date and time of `at` in `tz`. */
export function zonedParts(at: Date, tz: string) {
  const { year, month, day, hour, minute } = wallClock(at, tz);
  return { year, month, day, hour, minute };
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
