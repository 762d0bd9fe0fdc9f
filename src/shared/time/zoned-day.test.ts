import { describe, expect, it } from 'vitest';
import { isTimeZone, zonedDayRange, zonedTimeToInstant } from './zoned-day';

const hours = (r: { start: Date; end: Date }) => (r.end.getTime() - r.start.getTime()) / 3_600_000;

describe('zonedDayRange', () => {
  it('is a plain UTC day in UTC', () => {
    const r = zonedDayRange(new Date('2026-06-15T13:45:00Z'), 'UTC');
    expect(r.start.toISOString()).toBe('2026-06-15T00:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-06-16T00:00:00.000Z');
  });

  it('follows the zone, half-hour offsets included', () => {
    // 20:00 UTC is already the next day in Kolkata (UTC+5:30).
    const r = zonedDayRange(new Date('2026-06-15T20:00:00Z'), 'Asia/Kolkata');
    expect(r.start.toISOString()).toBe('2026-06-15T18:30:00.000Z');
    expect(hours(r)).toBe(24);
  });

  it('is 23 hours on the day clocks go forward and 25 on the day they go back', () => {
    const spring = zonedDayRange(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(spring.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(hours(spring)).toBe(23);
    const autumn = zonedDayRange(new Date('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(autumn.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(hours(autumn)).toBe(25);
  });

  it('starts at the first existing minute when a DST change skips midnight', () => {
    // Chile moves from UTC-4 to UTC-3 at local midnight on the first Saturday night of September.
    const r = zonedDayRange(new Date('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect(r.start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(hours(r)).toBe(23);
  });

  it('knows real zones from made-up ones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('zonedTimeToInstant', () => {
  it('reads a wall-clock time in its zone', () => {
    expect(zonedTimeToInstant(2026, 1, 5, 15, 0, 'Europe/Paris').toISOString()).toBe(
      '2026-01-05T14:00:00.000Z',
    );
    expect(zonedTimeToInstant(2026, 7, 5, 15, 0, 'Europe/Paris').toISOString()).toBe(
      '2026-07-05T13:00:00.000Z',
    );
  });

  it('moves a time skipped by the spring change forward by the gap', () => {
    expect(zonedTimeToInstant(2026, 3, 29, 2, 30, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('takes the first of a time that happens twice', () => {
    // 01:30 happens at UTC-4 and again at UTC-5 in New York on 1 November 2026.
    expect(zonedTimeToInstant(2026, 11, 1, 1, 30, 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});
