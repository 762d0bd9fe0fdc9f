import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../shared/api/users.schemas';
import { zonedParts, zonedTimeToInstant } from '../../shared/time/zoned-day';
import { profileQueryKey, useProfile } from './session';

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone the user schedules posts in and reads the calendar in: the one chosen on the Profile page,
 * else the browser's own.
 */
export function useTimeZone() {
  const { data: profile } = useProfile();
  return profile?.timeZone ?? browserTimeZone();
}

/** The same zone, for code outside components (a mutation's optimistic update): from the cached profile. */
export const cachedTimeZone = (client: QueryClient) =>
  client.getQueryData<Profile | null>(profileQueryKey)?.timeZone ?? browserTimeZone();

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day that holds `at` in `zone`, as 'YYYY-MM-DD'. */
export function zonedDayKey(at: Date, zone: string) {
  const { year, month, day } = zonedParts(at, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `at` as the clocks of `zone` show it, in the date pickers' value format 'YYYY-MM-DD HH:mm:ss'. */
export function toZonedWallClock(at: Date, zone: string) {
  const { hour, minute } = zonedParts(at, zone);
  return `${zonedDayKey(at, zone)} ${pad(hour)}:${pad(minute)}:00`;
}

/** The instant when the clocks of `zone` show `value` ('YYYY-MM-DD', optionally followed by ' HH:mm[:ss]'). */
export function fromZonedWallClock(value: string, zone: string) {
  const [year, month, day, hour = 0, minute = 0] = value.split(/[-\s:T]/).map(Number) as number[];
  return zonedTimeToInstant(year!, month!, day!, hour, minute, zone);
}
