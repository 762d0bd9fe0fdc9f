import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { startUpkeep } from './upkeep';

// The embedded database's own upkeep; PostgreSQL has its autovacuum.
describe.runIf(process.env.TEST_DB !== 'postgres')('embedded database upkeep', () => {
  let database: Database;
  const sql = (text: string) => database.executeSql(text).then((r) => r.rows as Record<string, unknown>[]);
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database?.close();
  });

  it('analyses a table that changed a lot and vacuums one full of dead rows, and leaves the rest', async () => {
    await sql(`insert into users (id, name, email, email_verified, role, created_at, updated_at)
               values ('u-upkeep', 'U', 'upkeep@example.com', true, 'user', now(), now())`);
    await sql(`insert into workspaces (id, name, personal_of)
               values ('00000000-0000-4000-8000-0000000000bb', 'U', 'u-upkeep')`);
    await sql(`insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
               select '00000000-0000-4000-8000-0000000000bb', 'u-upkeep', '<p>x</p>', 'draft', null, 'UTC' from generate_series(1, 2000)`);
    await sql(`analyze posts`);
    await sql(`update posts set status = 'scheduled', scheduled_at = now()`);
    // PostgreSQL publishes a session's counters at the end of a transaction at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await sql(`select 1`);
    const before = await sql(`select n_dead_tup from pg_stat_user_tables where relname = 'posts'`);
    expect(Number(before[0]!.n_dead_tup)).toBeGreaterThan(1000);
    const [planned] = await sql(`explain select id from posts where status = 'scheduled'`);
    expect(String(planned!['QUERY PLAN'])).not.toMatch(/rows=2000\b/);

    const upkeep = startUpkeep((text) => database.executeSql(text), {
      intervalMs: 60_000,
      onError: (error) => {
        throw error;
      },
    });
    await upkeep.tick();
    upkeep.stop();

    const [after] = await sql(`select n_dead_tup, last_vacuum, last_analyze from pg_stat_user_tables
                               where relname = 'posts'`);
    expect(Number(after!.n_dead_tup)).toBe(0);
    expect(after!.last_vacuum).not.toBeNull();
    expect(after!.last_analyze).not.toBeNull();
    // The planner now knows the 2,000 scheduled posts.
    const [replanned] = await sql(`explain select id from posts where status = 'scheduled'`);
    expect(String(replanned!['QUERY PLAN'])).toMatch(/rows=2000\b/);
    const [untouched] = await sql(
      `select last_analyze from pg_stat_user_tables where relname = 'social_connections'`,
    );
    expect(untouched!.last_analyze).toBeNull();
  });
});
