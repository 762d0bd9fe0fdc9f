import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../shared/api/users.schemas';
import { zonedParts, zonedTimeToInstant } from '../../shared/time/zoned-day';
import type { WorkspaceList } from '../../shared/api/workspaces.schemas';
import { profileQueryKey, useProfile } from './session';
import { currentWorkspace } from './workspace';
import { workspacesListOptions } from './workspaces-query';

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The workspace's own zone, from the cached list of workspaces (decision 042), if it has one. */
const workspaceZone = (list: WorkspaceList | undefined) =>
  list?.data.find((w) => w.id === currentWorkspace())?.timeZone ?? null;

/**
 * The zone the user schedules posts in and reads the calendar in: the workspace's when it has one, else
 * the one chosen on the Profile page, else the browser's own.
 */
export function useTimeZone() {
  const { data: profile } = useProfile();
  const { data: workspaces } = useQuery({ ...workspacesListOptions, enabled: Boolean(profile) });
  return workspaceZone(workspaces) ?? profile?.timeZone ?? browserTimeZone();
}

/** The same zone, for code outside components (a mutation's optimistic update): from the cached answers. */
export const cachedTimeZone = (client: QueryClient) =>
  workspaceZone(client.getQueryData<WorkspaceList>(workspacesListOptions.queryKey)) ??
  client.getQueryData<Profile | null>(profileQueryKey)?.timeZone ??
  browserTimeZone();

/** "GMT+05:30" in the reader's language, as the zone's clocks stand now. */
function offsetOf(zone: string, language: string, now: Date) {
  const parts = new Intl.DateTimeFormat(language, {
    timeZone: zone,
    timeZoneName: 'longOffset',
  }).formatToParts(now);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * Every zone this browser knows, with its current offset. UTC and the current choice are added because
 * some browsers list neither (UTC, or an old spelling such as Asia/Calcutta).
 */
export function zoneOptions(current: string, language: string) {
  const now = new Date();
  const zones = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', current])].sort();
  return zones.map((zone) => ({
    value: zone,
    label: `${zone.replaceAll('_', ' ')} (${offsetOf(zone, language, now)})`,
  }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day that holds `at` in `zone`, as 'YYYY-MM-DD'. */
export function zonedDayKey(at: Date, zone: string) {
  const { year, month, day } = zonedParts(at, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `at` as the clocks of `zone` show it, in the date pickers' value format 'YYYY-MM-DD HH:mm:ss'. */
export function toZonedWallClock(at: Date, zone: string) {
  const { year, month, day, hour, minute } = zonedParts(at, zone);
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:00`;
}

/** The instant when the clocks of `zone` show `value` ('YYYY-MM-DD', optionally followed by ' HH:mm[:ss]'). */
export function fromZonedWallClock(value: string, zone: string) {
  const [year, month, day, hour = 0, minute = 0] = value.split(/[-\s:T]/).map(Number) as number[];
  return zonedTimeToInstant(year!, month!, day!, hour, minute, zone);
}
