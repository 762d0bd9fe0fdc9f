import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ChildServer } from '../../../test/child-server';
import { startS3Fake, type S3Fake } from '../../../test/fakes/s3';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import { multipart } from '../../../test/multipart';
import { freePort, makeImage, waitFor } from '../../../test/publishing-helpers';
import { freshDatabase } from '../../../test/test-app';

const ADMIN = { email: 'ops@example.com', password: 'shared-storage-1' };
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * The real entry point (src/server/main.ts) with media in a bucket (s3rver on 127.0.0.1). On PostgreSQL
 * (TEST_DB=postgres) an `--role=api` process and an `--role=worker` process, each with a data folder of
 * its own, share only the database and the bucket: the file uploaded to the API reaches X from the
 * worker. PGlite cannot be opened by two processes, so on PGlite one `--role=all` process runs the same
 * steps (the wiring of the entry point; the scale-out itself is the PostgreSQL run's).
 */
describe(`media shared through a bucket by ${onPostgres ? 'an API and a worker process' : 'the app process'}`, () => {
  let s3: S3Fake;
  let x: XFake;
  let api: ChildServer;
  const children: ChildServer[] = [];
  const folders: string[] = [];
  let dropDatabase = async () => {};

  beforeAll(async () => {
    [s3, x] = await Promise.all([startS3Fake(), startXFake()]);
    const { url, drop } = await freshDatabase();
    dropDatabase = drop;
    const shared = {
      ...s3.env,
      ...x.env,
      DATABASE_URL: url ?? '',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLISH_POLL_SECONDS: '0.5',
    };
    const folder = async () => {
      const dir = await mkdtemp(join(tmpdir(), 'postwell-s3-process-'));
      folders.push(dir);
      return dir;
    };
    const port = await freePort();
    api = await startServer(
      { ...shared, DATA_DIR: await folder(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      { port, args: [onPostgres ? '--role=api' : '--role=all'] },
    );
    children.push(api);
    if (onPostgres)
      children.push(
        await startServer(
          // 'ready' is logged at info: a worker has no /api/health to wait on.
          { ...shared, DATA_DIR: await folder(), LOG_LEVEL: 'info' },
          { port: 0, args: ['--role=worker'], waitFor: 'ready' },
        ),
      );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await dropDatabase();
    await Promise.all([s3?.close(), x?.close()]);
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('uploads through the API and publishes the same bytes from the worker', async () => {
    const origin = api.base;
    const signIn = await fetch(`${api.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status, api.output()).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${api.base}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { origin, cookie, ...(init.headers as Record<string, string>) },
      });

    // X connected through its consent page, as a browser would.
    const { url } = (await (await call('/api/social/twitter/connect')).json()) as { url: string };
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const done = await call(`/api/social/twitter/callback${back.search}`);
    expect(done.headers.get('location')).toMatch(/^\/w\/[0-9a-f-]{36}\/posts\?platform=twitter&connect=ok$/);

    const image = await makeImage('png', 7, 96, 64);
    const body = multipart('shared.png', image);
    const uploaded = await call('/api/media?kind=image', {
      method: 'POST',
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    expect((await s3.keys()).filter((key) => key.includes(id))).toHaveLength(2);

    const text = `From the bucket ${randomBytes(3).toString('hex')}`;
    const created = await call('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        content: `<p>${text}</p>`,
        platforms: ['twitter'],
        action: 'publish_now',
        timezone: 'UTC',
        media: [{ id }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const [tweet] = await waitFor(
      async () => (x.postsWithText(text).length ? x.postsWithText(text) : undefined),
      30_000,
      `the post on X\n${children.map((c) => c.output()).join('\n')}`,
    );
    expect(tweet!.media).toHaveLength(1);
    expect(tweet!.media[0]!.data.equals(image)).toBe(true);
    // Neither process kept media in its data folder.
    for (const dir of folders) expect(existsSync(join(dir, 'media'))).toBe(false);
  }, 90_000);
});
