import { describe, expect, it } from 'vitest';
import { nextSlots } from './queue-slots';

const berlin = (times: { day: number; time: string }[]) => ({ timezone: 'Europe/Berlin', times });
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('posting schedule slots', () => {
  it('lists the slots after an instant in order, by weekday (0 Monday), on the zone’s clocks', () => {
    // Wednesday 2026-11-25 10:00 in Berlin (UTC+1).
    const after = new Date('2026-11-25T09:00:00Z');
    const schedule = berlin([
      { day: 2, time: '09:00' },
      { day: 2, time: '17:00' },
      { day: 5, time: '10:00' },
    ]);
    expect(iso(nextSlots(schedule, after, 4))).toEqual([
      '2026-11-25T16:00:00.000Z', // Wednesday 17:00 (09:00 has passed)
      '2026-11-28T09:00:00.000Z', // Saturday 10:00
      '2026-12-02T08:00:00.000Z', // next Wednesday 09:00
      '2026-12-02T16:00:00.000Z',
    ]);
  });

  it('keeps 09:00 at 09:00 across the spring and autumn changes', () => {
    const schedule = berlin([{ day: 6, time: '09:00' }]);
    const spring = iso(nextSlots(schedule, new Date('2026-03-20T00:00:00Z'), 2));
    expect(spring).toEqual(['2026-03-22T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
    const autumn = iso(nextSlots(schedule, new Date('2026-10-20T00:00:00Z'), 2));
    expect(autumn).toEqual(['2026-10-25T08:00:00.000Z', '2026-11-01T08:00:00.000Z']);
  });

  it('moves a slot the spring-forward night skips to the first time after the gap, once', () => {
    // 2026-03-29 in Berlin: 02:00 → 03:00. 02:30 is 03:30, the same instant as the 03:30 slot.
    const schedule = berlin([
      { day: 6, time: '02:30' },
      { day: 6, time: '03:30' },
    ]);
    expect(iso(nextSlots(schedule, new Date('2026-03-28T12:00:00Z'), 3))).toEqual([
      '2026-03-29T01:30:00.000Z',
      '2026-04-05T00:30:00.000Z',
      '2026-04-05T01:30:00.000Z',
    ]);
  });

  it('gives nothing for a schedule without times, and the same answer from its kept slots', () => {
    expect(nextSlots(berlin([]), new Date(), 3)).toEqual([]);
    const schedule = { timezone: 'America/New_York', times: [{ day: 0, time: '12:00' }] };
    const far = iso(nextSlots(schedule, new Date('2026-01-01T00:00:00Z'), 200));
    expect(far).toHaveLength(200);
    expect(iso(nextSlots(schedule, new Date('2026-06-01T00:00:00Z'), 1))).toEqual([
      '2026-06-01T16:00:00.000Z',
    ]);
    // An earlier start than the kept list's is worked out again, not read from it.
    expect(iso(nextSlots(schedule, new Date('2025-12-29T00:00:00Z'), 1))).toEqual([
      '2025-12-29T17:00:00.000Z',
    ]);
  });
});
