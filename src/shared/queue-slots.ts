import { zonedParts, zonedTimeToInstant } from './time/zoned-day';

/**
 * A posting schedule's time slots (issue 26): times of day per weekday, on the clocks of one zone. Each
 * wall-clock slot becomes an instant on its own day with that day's daylight-saving offset, so 09:00 in
 * Berlin stays 09:00 across both changes. A slot a spring-forward night skips is the first time after
 * the gap (02:30 is 03:30), as a recurring post's occurrence is; two slots that land on one instant are
 * one slot.
 */
export interface WeeklySlots {
  timezone: string;
  /** `day`: 0 Monday … 6 Sunday; `time`: 'HH:mm'. */
  times: readonly { day: number; time: string }[];
}

const DAY_MS = 86_400_000;

/** The schedule's times of each weekday (0 Monday … 6 Sunday), each as minutes after midnight, sorted. */
function timesByDay(times: WeeklySlots['times']): number[][] {
  const days: number[][] = [[], [], [], [], [], [], []];
  for (const { day, time } of times) {
    const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    if (!days[day]!.includes(minutes)) days[day]!.push(minutes);
  }
  for (const list of days) list.sort((a, b) => a - b);
  return days;
}

/**
 * Slots worked out before, per schedule: the instants from one zoned day on, in order. Turning a wall
 * time into an instant costs a few `Intl` calls, and adding to a queue of a thousand posts walks a
 * thousand slots: kept, a second walk is a binary search. Bounded in schedules and in slots each.
 */
interface Worked {
  /** The zoned day (as a UTC date) the list starts on, and the next day not yet worked out. */
  firstDay: number;
  nextDay: number;
  instants: number[];
}
const worked = new Map<string, Worked>();
const SCHEDULES_KEPT = 500;
const SLOTS_KEPT = 100_000;

function workDay(days: number[][], date: number, timezone: string, into: number[]) {
  const d = new Date(date);
  for (const minutes of days[(d.getUTCDay() + 6) % 7]!) {
    const at = zonedTimeToInstant(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      Math.floor(minutes / 60),
      minutes % 60,
      timezone,
    ).getTime();
    // Two wall times that land on one instant (a gap, a repeated hour) are one slot.
    if (!into.length || at > into[into.length - 1]!) into.push(at);
  }
}

/** The index of the first instant after `after` in the sorted list. */
function firstAfter(instants: number[], after: number) {
  let low = 0;
  let high = instants.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (instants[mid]! <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The schedule's slots strictly after `after`, in order, as long as the caller reads (a generator: a
 * queue of a thousand posts on one slot a week reads twenty years of them). Nothing when it has no times.
 */
export function* slotsAfter(schedule: WeeklySlots, after: Date): Generator<Date> {
  if (!schedule.times.length) return;
  const days = timesByDay(schedule.times);
  const start = zonedParts(after, schedule.timezone);
  // The zone's calendar day of `after`, walked as a UTC date (no offsets in the walk itself).
  const startDay = Date.UTC(start.year, start.month - 1, start.day);
  const key = `${schedule.timezone} ${JSON.stringify(days)}`;
  let list = worked.get(key);
  if (!list || list.firstDay > startDay || list.instants.length > SLOTS_KEPT) {
    if (worked.size >= SCHEDULES_KEPT) worked.delete(worked.keys().next().value!);
    list = { firstDay: startDay, nextDay: startDay, instants: [] };
    worked.set(key, list);
  }
  let i = firstAfter(list.instants, after.getTime());
  for (;;) {
    while (i >= list.instants.length) {
      workDay(days, list.nextDay, schedule.timezone, list.instants);
      list.nextDay += DAY_MS;
    }
    const at = list.instants[i++]!;
    if (at > after.getTime()) yield new Date(at);
  }
}

/** The first `count` slots after `after`. */
export function nextSlots(schedule: WeeklySlots, after: Date, count: number): Date[] {
  const slots: Date[] = [];
  if (count <= 0) return slots;
  for (const at of slotsAfter(schedule, after)) {
    slots.push(at);
    if (slots.length >= count) break;
  }
  return slots;
}
