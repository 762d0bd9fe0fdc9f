import { pino } from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/test-app';
import { type Database, openDatabase } from '../db/client';
import { defineJob, type Queue, startQueue } from './queue';

const work = defineJob({
  name: 'fetch-when-test',
  payload: z.object({ n: z.number() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
});

/**
 * Issue 15: a process with no room (the publisher while it takes a burst its own way) leaves the
 * queue's jobs alone: its polls skip their fetch until it has room again, then take as many as it has
 * room for, and run and settle them.
 */
describe('a worker that fetches only when it has room', () => {
  let database: Database;
  let queue: Queue;
  let drop: () => Promise<void>;
  let room = 0;
  let asked = 0;
  const ran: number[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase({ url: fresh.url });
    queue = await startQueue(database, pino({ level: 'silent' }), { worker: true, jobs: [work] });
    await queue.work(
      work,
      async ({ n }) => {
        inFlight++;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inFlight--;
        if (n === 3) throw new Error('this one fails');
        ran.push(n);
      },
      {
        concurrency: 2,
        pollingIntervalSeconds: 0.5,
        // The owner's room less what it runs already.
        fetchUpTo: () => {
          asked++;
          return Math.max(0, room - inFlight);
        },
      },
    );
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    await drop?.();
  });

  const states = async () =>
    (
      (
        await database.executeSql(
          `select data->>'n' as n, state from pgboss.job where name = $1 order by (data->>'n')::int`,
          [work.name],
        )
      ).rows as { n: string; state: string }[]
    ).map((row) => `${row.n}:${row.state}`);

  it('skips its polls without room, then takes as many jobs as it has room for and settles each', async () => {
    for (const n of [1, 2, 3, 4, 5]) await queue.send(work, { n });
    const before = asked;
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // It asked at each poll, and took nothing.
    expect(asked - before).toBeGreaterThanOrEqual(2);
    expect(ran).toEqual([]);
    expect(await states()).toEqual(['1:created', '2:created', '3:created', '4:created', '5:created']);

    // Room for one: one job at a time, each fetched at once after the one before.
    room = 1;
    await expect.poll(() => ran.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce).toBe(1);

    // Room for two (the batch): two at a time, and every job settles, the one that threw as failed.
    room = 2;
    await expect
      .poll(states, { timeout: 10_000, interval: 100 })
      .toEqual(['1:completed', '2:completed', '3:failed', '4:completed', '5:completed']);
    expect(ran.sort()).toEqual([1, 2, 4, 5]);
    expect(mostAtOnce).toBe(2);
  }, 30_000);
});
