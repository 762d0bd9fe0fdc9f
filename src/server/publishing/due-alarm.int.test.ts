import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/test-app';
import { type Database, openDatabase } from '../db/client';
import { defineJob, type Queue, startQueue } from './queue';

const tick = defineJob({
  name: 'due-wake-test',
  payload: z.object({ n: z.number() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
});

/**
 * Issue 15: a job is fetched when it comes due, not at the worker's next poll. The poll here is 20 s,
 * so a job done within a few seconds of its time was woken by its own due time.
 */
describe('a worker woken at the due time', () => {
  let database: Database;
  let queue: Queue;
  let drop: () => Promise<void>;
  const done = new Map<number, number>();

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase({ url: fresh.url });
    queue = await startQueue(database, pino({ level: 'silent' }), { worker: true, jobs: [tick] });
    await queue.work(
      tick,
      async ({ n }) => {
        done.set(n, Date.now());
      },
      { concurrency: 4, pollingIntervalSeconds: 20, wakeAtDue: true },
    );
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    await drop?.();
  });

  it('runs each job at its time, those queued later and those due close together too', async () => {
    // The first poll of each loop happens at start: let it pass, so that only a wake-up can fetch.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const now = Date.now();
    const dues = [1500, 1800, 1810, 1820, 3000].map((ms, n) => ({ n, at: now + ms }));
    for (const { n, at } of dues)
      await database.db.transaction((tx) =>
        queue.sendInTransaction(tx, tick, [{ id: randomUUID(), data: { n }, startAfter: new Date(at) }]),
      );
    await expect.poll(() => done.size, { timeout: 15_000, interval: 100 }).toBe(dues.length);
    for (const { n, at } of dues) {
      const ran = done.get(n)!;
      expect(ran, `job ${n}`).toBeGreaterThanOrEqual(at - 50);
      // Far inside the 20 s poll: what woke it was its time (the bound leaves room for a busy machine).
      expect(ran - at, `job ${n}`).toBeLessThan(5000);
    }
  }, 60_000);
});
