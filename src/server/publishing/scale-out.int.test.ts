import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ChildServer } from '../../../test/child-server';
import { startLinkedinFake, type LinkedinFake } from '../../../test/fakes/linkedin';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import { createTestApp, signedInUsers, requestAs, type TestApp } from '../../../test/test-app';

const POSTS = 300;

/**
 * Scale-out mode: an API and two worker processes share one PostgreSQL. A burst due at one instant is
 * shared between the workers (pg-boss claims with SKIP LOCKED; our claim is one conditional UPDATE),
 * and every post reaches every network exactly once.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('two worker processes on one PostgreSQL', () => {
  let t: TestApp;
  let x: XFake;
  let linkedin: LinkedinFake;
  let workers: ChildServer[] = [];
  let dataDir: string;
  const encryptionKey = randomBytes(32);

  beforeAll(async () => {
    [x, linkedin] = await Promise.all([startXFake(), startLinkedinFake()]);
    dataDir = await mkdtemp(join(tmpdir(), 'postwell-scale-'));
    t = await createTestApp({ ...x.env, ...linkedin.env }, { encryptionKey });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await t?.close();
    await Promise.all([x?.close(), linkedin?.close()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shares one burst between two workers and publishes each post once', async () => {
    const { ann } = await signedInUsers(t, 'ann');
    const call = requestAs(t);
    for (const network of ['twitter', 'linkedin']) {
      const { url } = (await call(ann, 'GET', `/api/social/${network}/connect`)).json();
      const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
      const done = await call(ann, 'GET', `/api/social/${network}/callback${back.search}`);
      expect(done.headers.location).toMatch(
        new RegExp(`^/w/[0-9a-f-]{36}/posts\\?platform=${network}&connect=ok$`),
      );
    }
    const run = randomBytes(3).toString('hex');
    const texts = Array.from({ length: POSTS }, (_, i) => `Scale-out ${run} post ${i + 1}`);
    const due = new Date(Date.now() + 20_000);
    for (const text of texts) {
      const res = await call(ann, 'POST', '/api/posts', {
        content: `<p>${text}</p>`,
        platforms: ['twitter', 'linkedin'],
        action: 'schedule',
        scheduledAt: due.toISOString(),
        timezone: 'UTC',
      });
      expect(res.statusCode).toBe(201);
    }
    const env = {
      ...x.env,
      ...linkedin.env,
      DATABASE_URL: t.ctx.env.DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: encryptionKey.toString('hex'),
      LOG_LEVEL: 'info',
      // Small batches, so that both workers take a share of the burst.
      PUBLISH_CONCURRENCY: '8',
    };
    workers = await Promise.all(
      [0, 1].map(() => startServer(env, { port: 0, args: ['--role=worker'], waitFor: 'ready' })),
    );
    expect(Date.now()).toBeLessThan(due.getTime());

    for (let i = 0; x.posts.length < POSTS || linkedin.posts.length < POSTS; i++) {
      if (i > 900) throw new Error(`X ${x.posts.length}, LinkedIn ${linkedin.posts.length} of ${POSTS}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(x.posts.map((p) => p.text).toSorted()).toEqual(texts.toSorted());
    expect(linkedin.posts.map((p) => p.text).toSorted()).toEqual(texts.toSorted());

    // Both processes did part of the work (the attempts name the worker that ran them).
    const { rows } = await t.ctx.database.executeSql(
      'select worker, count(*)::int as n from publish_attempts group by worker',
    );
    expect(rows).toHaveLength(2);
  }, 180_000);
});
