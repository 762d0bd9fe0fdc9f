import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDueAlarm } from './due-alarm';

/**
 * Issue 15, decision 036: the claim runs when a target comes due, not at a poll. The alarm's source of
 * due times is a list here (the database's due index in the app).
 */
describe('the due alarm', () => {
  const alarms: { stop(): void }[] = [];
  afterEach(() => alarms.splice(0).forEach((a) => a.stop()));

  /** An alarm over due instants (epoch ms); each ring takes what is due, as a claim would. */
  const setup = (dues: number[], lookMs: number) => {
    const rings: number[] = [];
    const pending = [...dues];
    const alarm = createDueAlarm({
      untilNextDue: async () => (pending.length ? Math.min(...pending) - Date.now() : null),
      lookMs,
      ring: () => {
        const now = Date.now();
        rings.push(now);
        const taken = pending.filter((at) => at <= now);
        for (const at of taken) pending.splice(pending.indexOf(at), 1);
        alarm.claimed(taken.length, now);
      },
      logger: pino({ level: 'silent' }),
    });
    alarms.push(alarm);
    return { alarm, rings, pending };
  };

  it('rings at each due time, those close together one by one, never early', async () => {
    const now = Date.now();
    const dues = [300, 320, 340, 900].map((ms) => now + ms);
    const { alarm, rings, pending } = setup(dues, 500);
    alarm.start();
    await expect.poll(() => pending.length, { timeout: 5000, interval: 20 }).toBe(0);
    for (const at of dues) {
      const ring = rings.find((r) => r >= at)!;
      // A busy machine may be late by a few tens of milliseconds; a poll would be up to 500 ms late.
      expect(ring - at, `due at +${at - now} ms`).toBeLessThan(150);
    }
  });

  it('rings at once for what is due already, then not again while nothing can be taken', async () => {
    const rings: number[] = [];
    const held = { due: Date.now() - 1000 };
    // Something due that the claims cannot take (another worker holds it): the alarm rings, the claim
    // takes nothing, and the alarm waits a look before ringing again instead of ringing without end.
    const stuck = createDueAlarm({
      untilNextDue: async () => held.due - Date.now(),
      lookMs: 100,
      ring: () => {
        rings.push(Date.now());
        stuck.claimed(0, performance.now());
      },
      logger: pino({ level: 'silent' }),
    });
    alarms.push(stuck);
    stuck.start();
    await new Promise((resolve) => setTimeout(resolve, 550));
    expect(rings.length).toBeGreaterThanOrEqual(2);
    expect(rings.length).toBeLessThanOrEqual(7);
  });

  it('rings for the next due time after a ring whose claim found its target gone', async () => {
    // The first target is taken by another claim just before the alarm's (a look that saw it due
    // rang too): the alarm's claim takes nothing, and the second target must still be rung for on time.
    const now = Date.now();
    const rings: number[] = [];
    const pending = [now + 100, now + 200];
    const alarm = createDueAlarm({
      untilNextDue: async () => (pending.length ? Math.min(...pending) - Date.now() : null),
      lookMs: 2000,
      ring: () => {
        const at = Date.now();
        rings.push(at);
        const taken = pending.filter((due) => due <= at);
        for (const due of taken) pending.splice(pending.indexOf(due), 1);
        alarm.claimed(rings.length === 1 ? 0 : taken.length, performance.now());
      },
      logger: pino({ level: 'silent' }),
    });
    alarms.push(alarm);
    alarm.start();
    await expect.poll(() => pending.length, { timeout: 3000, interval: 20 }).toBe(0);
    expect(rings.at(-1)! - (now + 200)).toBeLessThan(150);
  });

  it('looks again at once when told (a post scheduled by another process)', async () => {
    const { alarm, rings, pending } = setup([], 60_000);
    alarm.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    pending.push(Date.now() + 100);
    alarm.lookSoon();
    await expect.poll(() => rings.length, { timeout: 2000, interval: 20 }).toBe(1);
  });
});
