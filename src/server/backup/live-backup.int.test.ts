import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ChildServer } from '../../../test/child-server';
import { multipart } from '../../../test/multipart';
import { freePort, makeImage } from '../../../test/publishing-helpers';
import { loadEnv } from '../env';
import { requestLiveBackup } from './live';
import { restoreBackup } from './restore';

const run = promisify(execFile);
const ADMIN = { email: 'owner@example.com', password: 'live-backup-1' };

/** Signs in to a running app and returns a fetch bound to the session. */
async function session(base: string) {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { origin: base, cookie, ...(init.headers as object) } });
}

/**
 * A backup of the app while it runs on PGlite: `npm run backup` asks the app, which alone has the
 * database open, to dump it between two queries. The app keeps answering, and the backup restores.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('a backup of the running app on PGlite', () => {
  let work: string;
  const servers: ChildServer[] = [];
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'postwell-live-backup-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(work, { recursive: true, force: true });
  });

  it('is taken by the app itself, which keeps running, and restores with every user and file', async () => {
    const dataDir = join(work, 'live');
    const app = await startServer(
      { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      { port: await freePort() },
    );
    servers.push(app);
    const call = await session(app.base);
    const image = await makeImage('png', 9, 80, 60);
    const body = multipart('kept.png', image);
    const uploaded = await call('/api/media?kind=image', {
      method: 'POST',
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    const env = loadEnv({ DATA_DIR: dataDir });
    const first = join(work, 'first.tar.gz');
    const manifest = await requestLiveBackup(env, first, { includeMedia: true, timeoutMs: 60_000 });
    expect(manifest).toMatchObject({
      database: 'pglite',
      counts: { users: 1, media: 1 },
      media: { store: 'disk', files: 2 },
    });
    expect((await call(`/api/media/${id}`)).status).toBe(200);

    // The command finds the running app the same way, and says what it wrote (taken directly, it would
    // have been refused: the app has the database open).
    const second = join(work, 'second.tar.gz');
    const cli = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/backup/cli.ts', 'backup', '--out', second],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    expect(cli.stdout).toContain(
      `Backup written to ${second}: pglite database (1 users, 0 posts, 1 media), 2 files`,
    );

    const restoredDir = join(work, 'restored');
    await restoreBackup(loadEnv({ DATA_DIR: restoredDir }), second);
    await app.stop();
    expect(existsSync(join(dataDir, 'app.pid'))).toBe(false);
    const restored = await startServer({ DATA_DIR: restoredDir }, { port: await freePort() });
    servers.push(restored);
    const file = await (await session(restored.base))(`/api/media/${id}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
  }, 120_000);
});
