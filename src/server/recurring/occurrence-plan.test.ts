import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from '../../shared/recurrence';
import { planOccurrences } from './occurrence-plan';

const HOUR = 3_600_000;
const daily: RecurrenceRule = {
  startDate: new Date('2026-05-01T09:00:00Z'),
  endDate: null,
  count: null,
  frequency: 'daily',
  interval: 1,
  weekdays: [],
  timezone: 'UTC',
};
const at = (s: string) => new Date(s);

describe('planning a round of occurrences', () => {
  it('makes the occurrences within the horizon and moves on to the first beyond it', () => {
    const now = at('2026-05-03T08:00:00Z');
    const plan = planOccurrences(
      daily,
      at('2026-05-03T09:00:00Z'),
      now,
      new Date(now.getTime() + 24 * HOUR),
      HOUR,
    );
    expect(plan).toEqual({ make: [at('2026-05-03T09:00:00Z')], skip: [], next: at('2026-05-04T09:00:00Z') });
  });

  it('after a day and a half down sends no batch: the missed ones are skipped', () => {
    const now = at('2026-05-04T20:00:00Z');
    const plan = planOccurrences(
      daily,
      at('2026-05-03T09:00:00Z'),
      now,
      new Date(now.getTime() + HOUR),
      HOUR,
    );
    expect(plan.make).toEqual([]);
    expect(plan.skip).toEqual([at('2026-05-03T09:00:00Z'), at('2026-05-04T09:00:00Z')]);
    expect(plan.next).toEqual(at('2026-05-05T09:00:00Z'));
  });

  it('sends only the latest missed one when it is within the grace', () => {
    const now = at('2026-05-05T09:40:00Z');
    const plan = planOccurrences(
      daily,
      at('2026-05-03T09:00:00Z'),
      now,
      new Date(now.getTime() + HOUR),
      HOUR,
    );
    expect(plan.make).toEqual([at('2026-05-05T09:00:00Z')]);
    expect(plan.skip).toEqual([at('2026-05-03T09:00:00Z'), at('2026-05-04T09:00:00Z')]);
  });

  it('ends: no next after the last occurrence', () => {
    const ending = { ...daily, count: 3 };
    const now = at('2026-05-03T08:00:00Z');
    const plan = planOccurrences(
      ending,
      at('2026-05-03T09:00:00Z'),
      now,
      new Date(now.getTime() + 48 * HOUR),
      HOUR,
    );
    expect(plan.make).toEqual([at('2026-05-03T09:00:00Z')]);
    expect(plan.next).toBeNull();
  });
});
