import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createPost,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import {
  createTestApp,
  createUser,
  personalWorkspace,
  signedInUsers,
  signIn,
  teamWorkspace,
  type TestApp,
} from '../../../test/test-app';
import { outbox } from '../db/schema';
import type { Publisher } from '../publishing/publisher';

const mailsTo = async (t: TestApp, to: string) =>
  t.ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.createdAt);

describe('alert mails to owners: a target failed for good, an account to reconnect', () => {
  let t: TestApp;
  let x: XFake;
  let ann: Call;
  let ben: Call;
  let publisher: Publisher;

  beforeAll(async () => {
    x = await startXFake();
    t = await createTestApp({ ...x.env, PUBLISH_POLL_SECONDS: '0.5', PUBLISH_RETRY_BASE_MS: '50' });
    const cookies = await signedInUsers(t, 'ann', 'ben');
    ann = callAs(t, cookies.ann);
    ben = callAs(t, cookies.ben);
    publisher = t.ctx.publisher();
    await publisher.start();
    await connectOAuth(ann, 'twitter');
    await connectOAuth(ben, 'twitter');
  });
  afterAll(async () => {
    publisher?.stop();
    await t?.close();
    await x?.close();
  });

  const failOne = async (call: Call, text: string) => {
    x.fault.next('garbage', { method: 'POST', path: '/2/tweets' });
    const post = await createPost(call, { text, platforms: ['twitter'] });
    expect((await waitUntilSettled(call, post.id)).status).toBe('failed');
  };

  it('every kind is on until turned off; the choices are checked and the user’s own', async () => {
    const prefs = await ann('GET', '/api/alerts/preferences');
    expect(prefs.json()).toEqual({
      targetFailed: true,
      needsReconnect: true,
      approvals: true,
      mentions: true,
      workerMissing: true,
      digest: true,
      admin: false,
      digestHours: 24,
    });
    const bad = await ann('PUT', '/api/alerts/preferences', { targetFailed: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('targetFailed');
    expect((await ann('PUT', '/api/alerts/preferences', { other: true })).statusCode).toBe(400);
    expect((await ann('PUT', '/api/alerts/preferences', {})).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/alerts/preferences' })).statusCode).toBe(401);
    const off = await ben('PUT', '/api/alerts/preferences', { targetFailed: false, needsReconnect: false });
    expect(off.json()).toMatchObject({ targetFailed: false, needsReconnect: false, digest: true });
    expect((await ann('GET', '/api/alerts/preferences')).json().targetFailed).toBe(true);
  });

  it('mails the owner when a target fails for good, with the reason, in the outbox', async () => {
    await failOne(ann, 'Doomed by a garbage answer');
    const mails = await mailsTo(t, 'ann@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Postwell: your post to X could not be published',
      status: 'logged',
    });
    expect(mails[0]!.text).toContain('"Doomed by a garbage answer"');
    expect(mails[0]!.text).toContain('unexpected answer from X');
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:3000\/w\/[0-9a-f-]{36}\/posts/);
    expect(mails[0]!.text).toContain('http://localhost:3000/profile');
  });

  it('sends nothing to an owner who turned it off, nor for a retry that later publishes', async () => {
    await failOne(ben, 'Ben does not want to hear of it');
    expect(await mailsTo(t, 'ben@example.com')).toHaveLength(0);
    x.fault.next('500', { method: 'POST', path: '/2/tweets' });
    const retried = await createPost(ann, { text: 'Retried, then fine', platforms: ['twitter'] });
    expect((await waitUntilSettled(ann, retried.id, 30_000)).status).toBe('published');
    expect(await mailsTo(t, 'ann@example.com')).toHaveLength(1);
  });

  it('mails once when a connected account needs reconnecting, not again while it stays so', async () => {
    const { connectionsRepo } = t.ctx;
    const idOf = async (email: string) => (await t.ctx.usersRepo.findByEmail(email))!.id;
    const workspaceOf = async (email: string) => (await personalWorkspace(t.ctx, await idOf(email))).id;
    const connection = await connectionsRepo.find(await workspaceOf('ann@example.com'), 'twitter');
    await connectionsRepo.markNeedsReconnect(connection!.id, 'The token was revoked.');
    await connectionsRepo.markNeedsReconnect(connection!.id, 'The token was revoked again.');
    const mails = (await mailsTo(t, 'ann@example.com')).filter((m) => m.subject.includes('reconnect'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Postwell: reconnect your X account');
    expect(mails[0]!.text).toContain('The token was revoked.');
    expect(mails[0]!.text).toContain('http://localhost:3000/dashboard');

    const bens = await connectionsRepo.find(await workspaceOf('ben@example.com'), 'twitter');
    await connectionsRepo.markNeedsReconnect(bens!.id, 'The token was revoked.');
    expect(await mailsTo(t, 'ben@example.com')).toHaveLength(0);
  });
});

describe("alert mails of a team's failures: the author, and the workspace's owners and admins", () => {
  let t: TestApp;
  let x: XFake;
  let publisher: Publisher;
  let team: Awaited<ReturnType<typeof teamWorkspace>>;
  /** A member's requests in the team's workspace. */
  const inTeam =
    (who: string): Call =>
    (method, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: team.cookies[who as 'olga'], 'x-postwell-workspace': team.workspace },
        ...(payload ? { payload } : {}),
      });

  beforeAll(async () => {
    x = await startXFake();
    t = await createTestApp({ ...x.env, PUBLISH_POLL_SECONDS: '0.5', PUBLISH_RETRY_BASE_MS: '50' });
    team = await teamWorkspace(t, 'Bloom', 'olga', { adam: 'admin', eve: 'editor', carl: 'contributor' });
    publisher = t.ctx.publisher();
    await publisher.start();
    await connectOAuth(inTeam('olga'), 'twitter');
  });
  afterAll(async () => {
    publisher?.stop();
    await t?.close();
    await x?.close();
  });

  it("tells the editor of their post, and the owner and the admin of the editor's, each once", async () => {
    x.fault.next('garbage', { method: 'POST', path: '/2/tweets' });
    const post = await createPost(inTeam('eve'), { text: 'A team post that fails', platforms: ['twitter'] });
    expect((await waitUntilSettled(inTeam('eve'), post.id)).status).toBe('failed');

    const [eve] = await mailsTo(t, 'eve@example.com');
    expect(eve!.subject).toBe('Postwell: your post to X could not be published');
    expect(eve!.text).toContain(`http://localhost:3000/w/${team.workspace}/posts`);
    for (const who of ['olga', 'adam']) {
      const mails = await mailsTo(t, `${who}@example.com`);
      expect(mails, who).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Postwell: a post to X in Bloom could not be published');
      expect(mails[0]!.text).toContain('"A team post that fails" (by ');
    }
    expect(await mailsTo(t, 'carl@example.com')).toHaveLength(0);
  });
});

describe('alert mails to administrators: a missing worker once per incident, and the digest', () => {
  let t: TestApp;
  let now = new Date('2026-11-24T09:00:00Z');
  const MINUTE = 60_000;
  const tick = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    t = await createTestApp({ ALERTS_DIGEST_HOURS: '24' }, { clock: () => now });
    await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
    await createUser(t.ctx, { email: 'quiet@example.com', role: 'admin' });
    const quiet = await signIn(t.app, 'quiet@example.com');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/preferences',
      headers: { cookie: quiet },
      payload: { workerMissing: false, digest: false },
    });
    expect(off.json()).toMatchObject({ admin: true, workerMissing: false, digest: false });
  });
  afterAll(() => t?.close());

  const workerMails = async () =>
    (await mailsTo(t, 'root@example.com')).filter((m) => m.subject.includes('no worker'));

  it('waits 5 minutes, mails once while the worker stays away, and again for the next incident', async () => {
    // No worker has ever run here (an API started alone): it is counted from when the API started.
    const cookies = await signedInUsers(t, 'dan');
    await createPost(callAs(t, cookies.dan), { text: 'Waiting for a worker', platforms: ['bluesky'] });
    tick(MINUTE);
    await t.ctx.alerts.check();
    expect(await workerMails()).toHaveLength(0);

    tick(5 * MINUTE);
    await t.ctx.alerts.check();
    await t.ctx.alerts.check();
    tick(10 * MINUTE);
    await t.ctx.alerts.check();
    const first = await workerMails();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('1 post target(s) are due');
    expect(await mailsTo(t, 'quiet@example.com')).toHaveLength(0);

    // A worker comes back: the incident is over. It stops again: after 5 minutes, a new incident.
    const heartbeat = t.ctx.heartbeat('worker');
    await heartbeat.start();
    heartbeat.stop();
    await t.ctx.alerts.check();
    tick(4 * MINUTE);
    await t.ctx.alerts.check();
    expect(await workerMails()).toHaveLength(1);
    tick(2 * MINUTE);
    await t.ctx.alerts.check();
    await t.ctx.alerts.check();
    expect(await workerMails()).toHaveLength(2);
  });

  it('tells the Profile page how often this server sends the digest', async () => {
    const quiet = await signIn(t.app, 'quiet@example.com');
    const prefs = await t.app.inject({ url: '/api/alerts/preferences', headers: { cookie: quiet } });
    expect(prefs.json()).toMatchObject({ admin: true, digestHours: 24 });
    const sixHourly = await createTestApp({ ALERTS_DIGEST_HOURS: '6' }, { clock: () => now });
    try {
      await createUser(sixHourly.ctx, { email: 'root@example.com', role: 'super_admin' });
      const root = await signIn(sixHourly.app, 'root@example.com');
      const six = await sixHourly.app.inject({ url: '/api/alerts/preferences', headers: { cookie: root } });
      expect(six.json()).toMatchObject({ admin: true, digestHours: 6 });
    } finally {
      await sixHourly.close();
    }
  });

  it('sends nothing while no post is due, even without a worker', async () => {
    const quietApp = await createTestApp({}, { clock: () => now });
    try {
      await createUser(quietApp.ctx, { email: 'root@example.com', role: 'super_admin' });
      tick(30 * MINUTE);
      await quietApp.ctx.alerts.check();
      expect(await mailsTo(quietApp, 'root@example.com')).toHaveLength(0);
    } finally {
      await quietApp.close();
    }
  });

  it('sends the administrators a digest of what failed once a period, and only when something did', async () => {
    const digests = async () =>
      (await mailsTo(t, 'root@example.com')).filter((m) => m.subject.startsWith('Postwell digest'));
    // The period has run since the first round: but nothing failed in it, so no mail.
    tick(25 * 60 * MINUTE);
    await t.ctx.alerts.check();
    expect(await digests()).toHaveLength(0);

    tick(MINUTE);
    await t.ctx.database.executeSql(
      `update post_targets set status = 'failed', last_error = 'gone', updated_at = $1`,
      [now],
    );
    tick(25 * 60 * MINUTE);
    await t.ctx.alerts.check();
    await t.ctx.alerts.check();
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Postwell digest: 1 failed, 0 to reconnect');
    expect(sent[0]!.text).toContain('- Bluesky: 1');
    expect(await mailsTo(t, 'quiet@example.com')).toHaveLength(0);
  });
});
