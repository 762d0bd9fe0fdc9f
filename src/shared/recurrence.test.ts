import { describe, expect, it } from 'vitest';
import { nextOccurrences, occurrencesBetween, type RecurrenceRule } from './recurrence';
import { zonedParts } from './time/zoned-day';

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  startDate: new Date('2026-01-05T08:00:00Z'),
  endDate: null,
  count: null,
  frequency: 'weekly',
  interval: 1,
  weekdays: [],
  timezone: 'UTC',
  ...overrides,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
/** Wall clock of each instant in `tz` as 'YYYY-MM-DD HH:mm'. */
const local = (dates: Date[], tz: string) =>
  dates.map((d) => {
    const p = zonedParts(d, tz);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
  });

describe('occurrences in the owner zone', () => {
  it('keeps 09:00 every week in Berlin across the March and October changes', () => {
    const berlin = rule({ startDate: new Date('2026-03-16T08:00:00Z'), timezone: 'Europe/Berlin' });
    const march = nextOccurrences(berlin, new Date('2026-03-16T00:00:00Z'), 3);
    expect(local(march, 'Europe/Berlin')).toEqual([
      '2026-03-16 09:00',
      '2026-03-23 09:00',
      '2026-03-30 09:00',
    ]);
    expect(iso(march)).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z', // summer time from 29 March
    ]);
    const october = nextOccurrences(berlin, new Date('2026-10-19T00:00:00Z'), 2);
    expect(iso(october)).toEqual(['2026-10-19T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('keeps 09:00 every day in New York across both changes (second Sunday of March, first of November)', () => {
    const ny = rule({
      frequency: 'daily',
      startDate: new Date('2026-03-07T14:00:00Z'),
      timezone: 'America/New_York',
    });
    const march = occurrencesBetween(ny, new Date('2026-03-07T00:00:00Z'), new Date('2026-03-10T00:00:00Z'));
    expect(iso(march)).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    const november = occurrencesBetween(
      ny,
      new Date('2026-10-31T00:00:00Z'),
      new Date('2026-11-03T00:00:00Z'),
    );
    expect(local(november, 'America/New_York')).toEqual([
      '2026-10-31 09:00',
      '2026-11-01 09:00',
      '2026-11-02 09:00',
    ]);
    expect(iso(november)[2]).toBe('2026-11-02T14:00:00.000Z');
  });

  it('has nothing to shift in a zone without daylight saving', () => {
    const tokyo = rule({
      frequency: 'daily',
      interval: 3,
      startDate: new Date('2026-03-27T00:30:00Z'),
      timezone: 'Asia/Tokyo',
    });
    expect(iso(nextOccurrences(tokyo, new Date('2026-03-27T00:00:00Z'), 3))).toEqual([
      '2026-03-27T00:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
      '2026-04-02T00:30:00.000Z',
    ]);
  });

  it('a time that a spring-forward night skips is the first time after the gap', () => {
    const early = rule({
      frequency: 'daily',
      startDate: new Date('2026-03-28T01:30:00Z'),
      timezone: 'Europe/Berlin',
    });
    expect(local(nextOccurrences(early, early.startDate, 3), 'Europe/Berlin')).toEqual([
      '2026-03-28 02:30',
      '2026-03-29 03:30',
      '2026-03-30 02:30',
    ]);
  });

  it('monthly on the 31st skips the months without one', () => {
    const last = rule({ frequency: 'monthly', startDate: new Date('2026-01-31T10:00:00Z') });
    expect(local(nextOccurrences(last, last.startDate, 5), 'UTC')).toEqual([
      '2026-01-31 10:00',
      '2026-03-31 10:00',
      '2026-05-31 10:00',
      '2026-07-31 10:00',
      '2026-08-31 10:00',
    ]);
  });

  it('monthly on the 29th skips February except in leap years; daily runs through a leap day', () => {
    const feb29 = rule({ frequency: 'monthly', startDate: new Date('2027-01-29T10:00:00Z') });
    expect(local(nextOccurrences(feb29, feb29.startDate, 3), 'UTC')).toEqual([
      '2027-01-29 10:00',
      '2027-03-29 10:00',
      '2027-04-29 10:00',
    ]);
    const feb29Leap = rule({ frequency: 'monthly', startDate: new Date('2028-01-29T10:00:00Z') });
    expect(local(nextOccurrences(feb29Leap, feb29Leap.startDate, 2), 'UTC')[1]).toBe('2028-02-29 10:00');
    const daily = rule({ frequency: 'daily', startDate: new Date('2028-02-28T10:00:00Z') });
    expect(local(nextOccurrences(daily, daily.startDate, 3), 'UTC')).toEqual([
      '2028-02-28 10:00',
      '2028-02-29 10:00',
      '2028-03-01 10:00',
    ]);
  });

  it('every 2 weeks on Monday and Thursday, intervals counted from the start week', () => {
    const twice = rule({ interval: 2, weekdays: [3, 0], startDate: new Date('2026-01-05T08:00:00Z') });
    expect(local(nextOccurrences(twice, twice.startDate, 4), 'UTC')).toEqual([
      '2026-01-05 08:00',
      '2026-01-08 08:00',
      '2026-01-19 08:00',
      '2026-01-22 08:00',
    ]);
  });

  it('every 3 months', () => {
    const quarterly = rule({
      frequency: 'monthly',
      interval: 3,
      startDate: new Date('2026-01-15T08:00:00Z'),
    });
    expect(
      local(nextOccurrences(quarterly, quarterly.startDate, 3), 'UTC').map((s) => s.slice(0, 10)),
    ).toEqual(['2026-01-15', '2026-04-15', '2026-07-15']);
  });

  it('ends at the end date (an occurrence at the end itself included) or after the count', () => {
    const until = rule({ frequency: 'daily', endDate: new Date('2026-01-07T08:00:00Z') });
    expect(nextOccurrences(until, until.startDate, 10).length).toBe(3);
    expect(occurrencesBetween(until, until.startDate, new Date('2027-01-01')).length).toBe(3);
    const counted = rule({ frequency: 'daily', count: 4 });
    expect(nextOccurrences(counted, new Date('2026-01-06T00:00:00Z'), 10).length).toBe(3);
    expect(nextOccurrences(counted, new Date('2026-01-09T00:00:00Z'), 10)).toEqual([]);
  });

  it('without an end goes on forever, decades ahead', () => {
    const forever = rule({
      frequency: 'monthly',
      timezone: 'Europe/Berlin',
      startDate: new Date('2026-01-05T08:00:00Z'),
    });
    const far = nextOccurrences(forever, new Date('2080-06-01T00:00:00Z'), 1);
    expect(local(far, 'Europe/Berlin')).toEqual(['2080-06-05 09:00']);
  });

  it('reads no more than the limit from a dense window', () => {
    const dense = rule({ frequency: 'secondly', startDate: new Date('2026-01-01T00:00:00Z') });
    expect(occurrencesBetween(dense, dense.startDate, new Date('2026-02-01T00:00:00Z'), 100).length).toBe(
      100,
    );
  });
});
