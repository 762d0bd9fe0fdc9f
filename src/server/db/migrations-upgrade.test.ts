import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** The last migration of the release before issue 23 (0021–0023 came with it). */
const PREVIOUS_RELEASE = 20;

/**
 * A database as the previous release left it, with rows in every table issue 23's migrations change
 * (the sign-in lock-out, media, video renders), migrated to today: every row is kept, as it was.
 */
describe('migrations 0021–0023 on a database of the previous release', () => {
  let folder: string;
  let client: PGlite;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'postwell-migrations-'));
    await cp(MIGRATIONS, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx <= PREVIOUS_RELEASE);
    await writeFile(journalFile, JSON.stringify(journal));

    client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: folder });
    await client.exec(`
      insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com'), ('u2', 'Bob', 'bob@example.com');
      insert into login_throttle (email, failures, window_started_at, locked_until) values
        ('ann@example.com', 3, '2026-11-20T10:00:00Z', null),
        ('bob@example.com', 0, '2026-11-20T10:00:00Z', '2099-01-01T00:00:00Z');
      insert into media (id, user_id, kind, original_name, mime, bytes, width, height, sha256, storage_key, thumbnail_key)
        values ('00000000-0000-4000-8000-000000000001', 'u1', 'image', 'a.png', 'image/png', 1234, 80, 60,
                'abc', 'u1/a.png', 'u1/a.thumb.webp');
      insert into video_renders (id, key, user_id, media_id, status, layout, storage_key, bytes)
        values ('00000000-0000-4000-8000-000000000002', 'k1', 'u1', '00000000-0000-4000-8000-000000000001',
                'ready', '{"w":1}', 'renders/u1/r.mp4', 999);
    `);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  });
  afterAll(async () => {
    await client?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps every lock-out row as the lock of unknown devices, and takes a device of its own beside it', async () => {
    expect(
      await query(
        `select email, device, failures, locked_until::text as locked_until from login_throttle order by email`,
      ),
    ).toEqual([
      { email: 'ann@example.com', device: '', failures: 3, locked_until: null },
      { email: 'bob@example.com', device: '', failures: 0, locked_until: '2099-01-01 00:00:00+00' },
    ]);
    await client.exec(
      `insert into login_throttle (email, device, failures) values ('ann@example.com', 'nonce', 1)`,
    );
    expect(
      await query(`select count(*)::int as n from login_throttle where email = 'ann@example.com'`),
    ).toEqual([{ n: 2 }]);
  });

  it('keeps media and renders as they were, a thumbnail counting 0 bytes until it is made again', async () => {
    expect(
      await query(
        `select id, user_id, bytes, width, height, storage_key, thumbnail_key, thumbnail_bytes from media`,
      ),
    ).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        user_id: 'u1',
        bytes: 1234,
        width: 80,
        height: 60,
        storage_key: 'u1/a.png',
        thumbnail_key: 'u1/a.thumb.webp',
        thumbnail_bytes: 0,
      },
    ]);
    expect(
      await query(`select key, status, storage_key, bytes, layout, started_at from video_renders`),
    ).toEqual([
      {
        key: 'k1',
        status: 'ready',
        storage_key: 'renders/u1/r.mp4',
        bytes: 999,
        layout: { w: 1 },
        started_at: null,
      },
    ]);
    expect(await query(`select count(*)::int as n from users`)).toEqual([{ n: 2 }]);
  });
});
