import { describe, expect, it } from 'vitest';
import { fromZonedWallClock, toZonedWallClock, zonedDayKey } from './time-zone';

describe('wall clocks in the profile’s zone', () => {
  const at = new Date('2026-03-08T04:30:00Z');

  it('names the day an instant falls on in a zone, which may not be the UTC day', () => {
    expect(zonedDayKey(at, 'UTC')).toBe('2026-03-08');
    expect(zonedDayKey(at, 'America/Los_Angeles')).toBe('2026-03-07');
    expect(zonedDayKey(at, 'Asia/Tokyo')).toBe('2026-03-08');
  });

  it('shows an instant as the zone’s clock and reads it back', () => {
    expect(toZonedWallClock(at, 'America/Los_Angeles')).toBe('2026-03-07 20:30:00');
    expect(toZonedWallClock(at, 'Asia/Kolkata')).toBe('2026-03-08 10:00:00');
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'])
      expect(fromZonedWallClock(toZonedWallClock(at, zone), zone)).toEqual(at);
  });

  it('reads a picked time in the zone, whatever zone the browser is in', () => {
    expect(fromZonedWallClock('2026-11-24 14:30:00', 'Europe/Paris').toISOString()).toBe(
      '2026-11-24T13:30:00.000Z',
    );
    expect(fromZonedWallClock('2026-11-24 14:30', 'America/New_York').toISOString()).toBe(
      '2026-11-24T19:30:00.000Z',
    );
    // A day alone is its midnight.
    expect(fromZonedWallClock('2026-11-24', 'Asia/Tokyo').toISOString()).toBe('2026-11-23T15:00:00.000Z');
    // 02:30 does not exist in Paris on 29 March 2026: it is the first time after the gap.
    expect(fromZonedWallClock('2026-03-29 02:30:00', 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});
