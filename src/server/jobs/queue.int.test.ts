import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/test-app';
import { openDatabase } from '../db/client';
import { JOBS } from '../context';
import { startQueue } from './queue';

/** An api and workers started together on one PostgreSQL all set up the queue at once. */
describe.skipIf(process.env.TEST_DB !== 'postgres')('several processes starting the queue together', () => {
  it('lets every one of them start, whoever wins the setup', async () => {
    const { url, drop } = await freshDatabase();
    const databases = await Promise.all([1, 2, 3, 4, 5, 6].map(() => openDatabase({ url })));
    const logger = pino({ level: 'silent' });
    try {
      const queues = await Promise.all(
        databases.map((database, i) => startQueue(database, logger, { worker: i > 0, jobs: JOBS })),
      );
      expect(queues).toHaveLength(6);
      await Promise.all(queues.map((q) => q.stop()));
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await drop();
    }
  }, 60_000);
});
