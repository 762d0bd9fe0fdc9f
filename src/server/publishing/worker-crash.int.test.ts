import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ChildServer } from '../../../test/child-server';
import { startFacebookFake, type FacebookFake } from '../../../test/fakes/facebook';
import { startLinkedinFake, type LinkedinFake } from '../../../test/fakes/linkedin';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import { freePort } from '../../../test/free-port';
import { startPds, type TestPdsHandle } from '../../../test/pds';
import { freshDatabase } from '../../../test/test-app';

const POSTS = 200;
const NETWORKS = ['twitter', 'linkedin', 'facebook', 'bluesky'] as const;
const ADMIN = { email: 'crash@example.com', password: 'crash-test-password-1' };

/**
 * DESIGN.md section 5 under a crash: a server publishing 200 posts to four networks is killed with
 * SIGKILL in the middle; a new process on the same database finishes the work. Every post must reach
 * every network exactly once, counted by the fakes and the real PDS, whatever the kill interrupted.
 */
describe('a worker killed in the middle of a burst', () => {
  let x: XFake;
  let linkedin: LinkedinFake;
  let facebook: FacebookFake;
  let pds: TestPdsHandle;
  let dataDir: string;
  let db: { url?: string; drop: () => Promise<void> };
  let server: ChildServer | undefined;
  let env: Record<string, string>;
  let port: number;
  const run = randomBytes(3).toString('hex');

  beforeAll(async () => {
    [x, linkedin, facebook, pds] = await Promise.all([
      startXFake(),
      startLinkedinFake(),
      startFacebookFake(),
      startPds(),
    ]);
    dataDir = await mkdtemp(join(tmpdir(), 'postwell-crash-'));
    db = await freshDatabase();
    port = await freePort();
    env = {
      ...x.env,
      ...linkedin.env,
      ...facebook.env,
      BLUESKY_SERVICE_URL: pds.url,
      DATA_DIR: dataDir,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLISH_LEASE_SECONDS: '2',
      PUBLISH_RECONCILE_SECONDS: '1',
      PUBLISH_RETRY_BASE_MS: '200',
      LOGIN_RATE_PER_MINUTE: '100',
    };
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await Promise.all([x?.close(), linkedin?.close(), facebook?.close(), pds?.close()]);
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const counts = async (did: string) => {
    const sky = await pds.listPosts(did);
    return {
      twitter: x.posts.length,
      linkedin: linkedin.posts.length,
      facebook: facebook.posts.length,
      bluesky: sky.length,
      texts: {
        twitter: x.posts.map((p) => p.text),
        linkedin: linkedin.posts.map((p) => p.text),
        facebook: facebook.posts.map((p) => p.message ?? ''),
        bluesky: sky.map((p) => String(p.value.text)),
      },
    };
  };

  it('publishes every post to every network exactly once after a SIGKILL', async () => {
    // An API-only process first: it saves the posts with nothing publishing yet, however long that takes.
    server = await startServer(env, { port, args: ['--role=api'] });
    const base = server.base;
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(ADMIN),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const api = (method: string, path: string, body?: object) =>
      fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    for (const network of ['twitter', 'linkedin', 'facebook']) {
      const { url } = (await (await api('GET', `/api/social/${network}/connect`)).json()) as { url: string };
      const consent = await fetch(url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      const callback = await api('GET', `/api/social/${network}/callback${back.search}`);
      expect(callback.headers.get('location')).toMatch(
        new RegExp(`^/w/[0-9a-f-]{36}/posts\\?platform=${network}&connect=ok$`),
      );
    }
    const sky = await pds.createAccount(`crash${run}.test`, 'main-password-1');
    const appPassword = await pds.createAppPassword(sky.handle, 'main-password-1', 'postwell');
    const bluesky = await api('POST', '/api/social/bluesky/connect', { handle: sky.handle, appPassword });
    expect(bluesky.status).toBe(200);

    // All due at one instant; the burst starts when the full server (API and worker) starts below.
    const texts = Array.from({ length: POSTS }, (_, i) => `Crash test ${run} post ${i + 1} of ${POSTS}`);
    const due = new Date(Date.now() + 1000);
    for (const text of texts) {
      const res = await api('POST', '/api/posts', {
        content: `<p>${text}</p>`,
        platforms: NETWORKS,
        action: 'schedule',
        scheduledAt: due.toISOString(),
        timezone: 'UTC',
      });
      expect(res.status).toBe(201);
    }
    await server.stop();
    server = await startServer(env, { port });

    // Kill it once a part of the work is done, wherever it is in the middle of the rest.
    const total = POSTS * NETWORKS.length;
    for (let i = 0; ; i++) {
      const c = await counts(sky.did);
      const done = c.twitter + c.linkedin + c.facebook + c.bluesky;
      if (done >= total * 0.3) break;
      if (i > 600) throw new Error(`only ${done} of ${total} published before the kill:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.stop('SIGKILL');
    const atKill = await counts(sky.did);
    expect(atKill.twitter + atKill.linkedin + atKill.facebook + atKill.bluesky).toBeLessThan(total);
    console.log(
      `killed with ${JSON.stringify({ ...atKill, texts: undefined })} of ${POSTS} per network published`,
    );

    server = await startServer(env, { port });
    let last = atKill;
    for (let i = 0; ; i++) {
      last = await counts(sky.did);
      if (NETWORKS.every((n) => last[n] >= POSTS)) break;
      if (i > 1200)
        throw new Error(
          `after the restart: ${JSON.stringify({ ...last, texts: undefined })}\n${server.output()}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.output()).toContain('resumed targets left behind by a stopped worker');
    // A moment more: a duplicate would show up now if any were coming.
    await new Promise((r) => setTimeout(r, 2000));
    last = await counts(sky.did);
    for (const network of NETWORKS) {
      expect(last.texts[network].toSorted(), network).toEqual(texts.toSorted());
    }
  }, 240_000);
});
