import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../shared/api/posts.schemas';
import { manifestOf, writeArchive } from '../../../test/backup-archive';
import { startS3Fake, type S3Fake } from '../../../test/fakes/s3';
import { uploadClip, uploadImage } from '../../../test/publishing-helpers';
import { createUser, freshDatabase, PUBLIC_URL, signIn, type TestApp } from '../../../test/test-app';
import { buildApp } from '../app';
import { createChangeFeed } from '../db/change-feed';
import { createContext, JOBS } from '../context';
import { openDatabase } from '../db/client';
import { loadEnv, type Env } from '../env';
import { startQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { loadEncryptionKey, loadSecret } from '../secret';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const onPostgres = process.env.TEST_DB === 'postgres';
const run = promisify(execFile);
let work: string;
const drops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'postwell-backup-test-'));
});
afterAll(async () => {
  for (const drop of drops) await drop();
  await rm(work, { recursive: true, force: true });
});

/** A configuration on a data folder of its own (and, on PostgreSQL, a fresh database). */
async function config(name: string, extra: Record<string, string> = {}): Promise<Env> {
  const { url, drop } = await freshDatabase();
  drops.push(drop);
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: join(work, name),
    ...(url ? { DATABASE_URL: url } : {}),
    ...extra,
  });
}

/** The app as `npm start` opens it: the database (PGlite in DATA_DIR) and secrets of the configuration. */
async function openApp(env: Env): Promise<TestApp> {
  const logger = createLogger('silent');
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const queue = await startQueue(database, logger, {
    worker: false,
    jobs: JOBS,
  });
  const ctx = createContext({
    env,
    database,
    logger,
    queue,
    secret: await loadSecret(env.AUTH_SECRET, env.DATA_DIR),
    encryptionKey: await loadEncryptionKey(env.ENCRYPTION_KEY, env.DATA_DIR),
    changes: await createChangeFeed(database, logger),
  });
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
}

const PEOPLE = ['ann', 'bob'] as const;

/** Two users, each with files and posts; returns what a restore must bring back. */
async function fill(t: TestApp) {
  const expected: { email: string; posts: Post[]; files: Map<string, Buffer> }[] = [];
  for (const [i, name] of PEOPLE.entries()) {
    const email = `${name}@example.com`;
    await createUser(t.ctx, { email });
    const cookie = await signIn(t.app, email);
    const image = await uploadImage(t, cookie, 'png', i + 1);
    const clip = await uploadClip(t, cookie);
    const posts: Post[] = [];
    for (const [j, media] of [[image.media.id], [clip.media.id], []].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { cookie },
        payload: {
          content: `<p>${name}'s post ${j}</p>`,
          platforms: [],
          action: 'draft',
          timezone: 'UTC',
          media: media.map((id) => ({ id })),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      posts.push(res.json<Post>());
    }
    const files = new Map([
      [image.media.id, image.bytes],
      [clip.media.id, clip.bytes],
    ]);
    expected.push({ email, posts, files });
  }
  return expected;
}

/** Every user signs in with their password, and finds every post and every file as it was. */
async function expectEverything(t: TestApp, expected: Awaited<ReturnType<typeof fill>>) {
  for (const { email, posts, files } of expected) {
    const cookie = await signIn(t.app, email);
    for (const post of posts) {
      const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json<Post>().content).toBe(post.content);
      expect(res.json<Post>().media.map((m) => m.id)).toEqual(post.media.map((m) => m.id));
    }
    for (const [id, bytes] of files) {
      const res = await t.app.inject({ method: 'GET', url: `/api/media/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      const thumb = await t.app.inject({
        method: 'GET',
        url: `/api/media/${id}/thumbnail`,
        headers: { cookie },
      });
      expect(thumb.statusCode).toBe(bytes[1] === 0x50 ? 200 : 404); // PNGs have one; the clip has none
    }
  }
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'}, media in the data folder)`, () => {
  it('restores every user, post and file into an empty data folder, and refuses a non-empty one', async () => {
    const source = await config('source');
    const app = await openApp(source);
    const expected = await fill(app);
    if (!onPostgres)
      await expect(createBackup(source, join(work, 'open.tar.gz'))).rejects.toThrow(
        /The app has the database open .*Stop it, then run npm run backup again/,
      );
    await app.close();

    const file = join(work, 'backup.tar.gz');
    const manifest = await createBackup(source, file);
    expect(manifest).toMatchObject({
      format: 'postwell-backup',
      version: 1,
      database: onPostgres ? 'postgres' : 'pglite',
      media: { store: 'disk', included: true, files: 6 },
      counts: { users: 2, posts: 6, media: 4 },
      secrets: ['auth-secret', 'encryption-key'],
    });

    const target = await config('target');
    expect((await restoreBackup(target, file)).createdAt).toBe(manifest.createdAt);
    for (const secret of ['auth-secret', 'encryption-key'])
      expect(await readFile(join(target.DATA_DIR, secret), 'utf8')).toBe(
        await readFile(join(source.DATA_DIR, secret), 'utf8'),
      );
    const restored = await openApp(target);
    try {
      await expectEverything(restored, expected);
    } finally {
      await restored.close();
    }

    // The restored folder is not empty any more: a second restore into it is refused, naming it.
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `The data folder ${target.DATA_DIR} is not empty`,
    );
    // The command says the same in one line, and exits 1 (no stack trace).
    const cli = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/backup/cli.ts', 'restore', file],
      {
        env: {
          ...process.env,
          DATA_DIR: target.DATA_DIR,
          DATABASE_URL: target.DATABASE_URL ?? '',
          INIT_CWD: work,
        },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`The data folder ${target.DATA_DIR} is not empty (`);
    expect(cli.stderr).not.toContain('    at ');
    const garbage = join(work, 'not-a-backup.tar.gz');
    await writeFile(garbage, 'hello');
    await expect(restoreBackup(await config('empty'), garbage)).rejects.toThrow(
      'This file is not a Postwell backup',
    );
  }, 120_000);
});

describe('backup and restore with media in a bucket', () => {
  let s3: S3Fake;
  beforeAll(async () => {
    s3 = await startS3Fake();
  });
  afterAll(() => s3?.close());

  it('downloads the bucket into the backup and uploads it into an empty prefix', async () => {
    const source = await config('s3-source', { ...s3.env, S3_PREFIX: 'live' });
    const app = await openApp(source);
    const expected = await fill(app);
    await app.close();
    const file = join(work, 's3-backup.tar.gz');
    const manifest = await createBackup(source, file);
    expect(manifest.media).toMatchObject({ store: 's3', included: true, files: 6 });

    // The same bucket, a prefix that holds files: refused. A new prefix: restored.
    await expect(
      restoreBackup(await config('s3-busy', { ...s3.env, S3_PREFIX: 'live' }), file),
    ).rejects.toThrow('The bucket (under S3_PREFIX) already holds files');
    const target = await config('s3-target', { ...s3.env, S3_PREFIX: 'restored' });
    await restoreBackup(target, file);
    const keys = await s3.keys();
    expect(keys.filter((k) => k.startsWith('restored/'))).toHaveLength(6);
    expect(keys.filter((k) => k.startsWith('live/')).map((k) => k.slice(5))).toEqual(
      keys.filter((k) => k.startsWith('restored/')).map((k) => k.slice(9)),
    );
    const restored = await openApp(target);
    try {
      await expectEverything(restored, expected);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses an archive whose key leaves the prefix before writing anything', async () => {
    const file = join(work, 'crafted.tar.gz');
    await writeArchive(file, [
      {
        name: 'manifest.json',
        body: JSON.stringify(
          manifestOf(onPostgres ? 'postgres' : 'pglite', {
            media: { store: 's3', included: true, files: 2, bytes: 6 },
          }),
        ),
      },
      { name: onPostgres ? 'database/postgres.sql' : 'database/pglite.tar', body: 'not restored' },
      { name: 'secrets/auth-secret', body: 'abcd' },
      { name: 'media/u1/good.png', body: 'png' },
      { name: 'media/../escape.png', body: 'bad' },
    ]);
    const target = await config('crafted', { ...s3.env, S3_PREFIX: 'crafted' });
    await expect(restoreBackup(target, file)).rejects.toThrow(
      'This backup holds a media file outside the media folder (media/../escape.png)',
    );
    expect(
      (await s3.keys()).filter((key) => !key.startsWith('live/') && !key.startsWith('restored/')),
    ).toEqual([]);
    expect(existsSync(target.DATA_DIR)).toBe(false);
    if (target.DATABASE_URL) {
      const client = new pg.Client({ connectionString: target.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      await client.end();
      expect(rows[0]!.n).toBe(0);
    }
  });
});
