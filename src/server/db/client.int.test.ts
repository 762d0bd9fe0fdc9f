import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/test-app';
import { openDatabase } from './client';

describe.skipIf(process.env.TEST_DB !== 'postgres')('the PostgreSQL connection pool', () => {
  it('survives PostgreSQL ending its idle connections, and reports it', async () => {
    const { url, drop } = await freshDatabase();
    const errors: Error[] = [];
    const database = await openDatabase({ url, onIdleError: (error) => errors.push(error) });
    const name = new URL(url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await Promise.all([database.ping(), database.ping(), database.ping()]);
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`,
        [name],
      );
      expect(rows.length).toBeGreaterThan(0);
      // One report per connection ended, and the process is still here.
      await expect.poll(() => errors.length).toBe(rows.length);
      expect((errors[0] as { code?: string }).code).toBe('57P01');
      // The next query gets a fresh connection.
      await database.ping();
    } finally {
      await admin.end();
      await database.close();
      await drop();
    }
  });

  it('closes only once PostgreSQL no longer sees its connections', async () => {
    const { url, drop } = await freshDatabase();
    const database = await openDatabase({ url });
    const name = new URL(url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await Promise.all(Array.from({ length: 5 }, () => database.ping()));
      await database.close();
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1`,
        [name],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await admin.end();
      await drop();
    }
  });
});
