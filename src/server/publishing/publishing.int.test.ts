import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fakes/fake-server';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createPost,
  getPost,
  postBody,
  profileOf,
  sleep,
  waitForPost,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import { PlatformError, type PlatformAdapter } from '../platforms/contract';
import { createTwitterAdapter } from '../platforms/twitter/twitter.adapter';
import type { Publisher } from './publisher';

describe('publishing to X through the worker', () => {
  let t: TestApp;
  let x: XFake;
  let cookies: Record<'ann' | 'ben' | 'cal', string>;
  let ann: Call;
  let publisher: Publisher;
  /** How many of the next publishes reach X and then lose X's answer, as a timeout does. */
  let loseAnswers = 0;

  beforeAll(async () => {
    x = await startXFake();
    const real = createTwitterAdapter(x.config);
    const twitter: PlatformAdapter = {
      ...real,
      async publish(input) {
        const result = await real.publish(input);
        if (loseAnswers > 0) {
          loseAnswers -= 1;
          throw new PlatformError('transient', 'X did not answer in time', { code: 'timeout' });
        }
        return result;
      },
    };
    t = await createTestApp(
      // Claimed well ahead, so that a target not held until its time would reach X before it.
      { ...x.env, PUBLISH_RETRY_BASE_MS: '50', PUBLISH_POLL_SECONDS: '0.5', PUBLISH_CLAIM_LEAD_MS: '300' },
      { adapters: { twitter } },
    );
    cookies = await signedInUsers(t, 'ann', 'ben', 'cal');
    ann = callAs(t, cookies.ann);
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await x?.close();
  });

  const publishNow = (call: Call, text: string) => createPost(call, { text, platforms: ['twitter'] });

  /** The attempts of the post's (only) target, oldest first. */
  const attemptsOf = async (postId: string) => {
    const { rows } = await t.ctx.database.executeSql(
      `select a.outcome, a.error_code from publish_attempts a join post_targets t on t.id = a.target_id
        where t.post_id = $1 order by a.started_at`,
      [postId],
    );
    return rows as { outcome: string; error_code: string | null }[];
  };

  /** The token of the last tweet X accepted. */
  const lastTweetToken = () =>
    bearer(
      x.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets' && r.status === 201).at(-1)!,
    );

  it('connects with OAuth, refuses the same state twice, and publishes a post once', async () => {
    const search = await connectOAuth(ann, 'twitter');
    const reused = await ann('GET', `/api/social/twitter/callback${search}`);
    expect(reused.headers.location).toBe('/posts?platform=twitter&connect=invalid_state');
    const profile = await profileOf(ann);
    expect(profile.connections.twitter).toEqual({ username: x.user.username, status: 'connected' });

    const created = await ann('POST', '/api/posts', {
      content: '<p>Hello <strong>world</strong> from the worker</p>',
      platforms: ['twitter'],
      action: 'publish_now',
      timezone: 'UTC',
    });
    expect(created.statusCode).toBe(201);
    const post = await waitForPost(ann, created.json().id, (p) => p.status === 'published');
    expect(post.targets[0]).toMatchObject({ platform: 'twitter', status: 'published', lastError: null });
    expect(post.targets[0]!.remoteUrl).toMatch(/^https:\/\/x\.com\/.+\/status\/\d+$/);
    expect(x.postsWithText('Hello world from the worker')).toHaveLength(1);
  });

  it('claims posts a moment before their time and publishes them at their time, never before', async () => {
    // Decision 036: the claim runs ahead of the due time, so its duration is not added to the lateness;
    // each target is held until its time.
    const due = new Date(Date.now() + 800);
    const ids = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const created = await ann('POST', '/api/posts', {
          content: `<p>On the dot ${i}</p>`,
          platforms: ['twitter'],
          action: 'schedule',
          scheduledAt: due.toISOString(),
          timezone: 'UTC',
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json<{ id: string }>().id;
      }),
    );
    for (const id of ids) expect((await waitUntilSettled(ann, id)).status).toBe('published');
    const arrived = Array.from({ length: 10 }, (_, i) => x.postsWithText(`On the dot ${i}`)[0]!.createdAt);
    expect(Math.min(...arrived.map((at) => at.getTime()))).toBeGreaterThanOrEqual(due.getTime());
  });

  describe('failures', () => {
    it('fails a target on a garbage answer, and the worker goes on publishing', async () => {
      x.fault.next('garbage', { method: 'POST', path: '/2/tweets' });
      const broken = await publishNow(ann, 'This answer will be garbage');
      const failed = await waitUntilSettled(ann, broken.id);
      expect(failed.status).toBe('failed');
      expect(failed.targets[0]).toMatchObject({
        status: 'failed',
        lastError: 'unexpected answer from X',
        lastErrorCode: 'unexpected_answer',
        attempts: 1,
        remoteUrl: null,
      });

      const later = await publishNow(ann, 'The worker is still alive');
      const published = await waitUntilSettled(ann, later.id);
      expect(published.targets[0]!.status).toBe('published');
      expect(x.postsWithText('The worker is still alive')).toHaveLength(1);
    });

    it('waits for the rate limit reset X announces, then publishes', async () => {
      x.fault.retryAfter(2);
      x.fault.next('429', { method: 'POST', path: '/2/tweets' });
      try {
        const created = await publishNow(ann, 'Patient after a rate limit');
        const retrying = await waitForPost(ann, created.id, (p) => p.targets[0]!.status === 'retrying');
        const limited = x.requests.find((r) => r.fault === '429')!;
        const resetMs = (Math.floor(limited.at.getTime() / 1000) + 2) * 1000;
        expect(retrying.targets[0]).toMatchObject({ lastErrorCode: 'rate_limited', attempts: 1 });
        expect(Math.abs(Date.parse(retrying.targets[0]!.nextAttemptAt!) - resetMs)).toBeLessThan(300);

        const published = await waitForPost(ann, created.id, (p) => p.status === 'published');
        expect(published.targets[0]).toMatchObject({ status: 'published', attempts: 2, lastError: null });
        const accepted = x.requests.filter(
          (r) => r.path === '/2/tweets' && r.status === 201 && r.at.getTime() > limited.at.getTime(),
        );
        expect(accepted[0]!.at.getTime()).toBeGreaterThanOrEqual(resetMs - 100);
        expect(x.postsWithText('Patient after a rate limit')).toHaveLength(1);
      } finally {
        x.fault.retryAfter(undefined);
      }
    });

    it('retries after a server error, then publishes', async () => {
      x.fault.next('500', { method: 'POST', path: '/2/tweets' });
      const created = await publishNow(ann, 'Published after a 500');
      const post = await waitUntilSettled(ann, created.id);
      expect(post.targets[0]).toMatchObject({ status: 'published', attempts: 2 });
      expect(await attemptsOf(created.id)).toEqual([
        { outcome: 'retry', error_code: 'server_error' },
        { outcome: 'published', error_code: null },
      ]);
      expect(x.postsWithText('Published after a 500')).toHaveLength(1);
    });

    it('looks for the tweet before posting again when an attempt lost X’s answer', async () => {
      loseAnswers = 1;
      const created = await publishNow(ann, 'Landed although the answer was lost');
      const post = await waitUntilSettled(ann, created.id);
      expect(post.targets[0]).toMatchObject({ status: 'published', attempts: 2, lastError: null });
      expect(await attemptsOf(created.id)).toEqual([
        { outcome: 'retry', error_code: 'timeout' },
        { outcome: 'published', error_code: null },
      ]);
      const [tweet] = x.postsWithText('Landed although the answer was lost');
      expect(x.postsWithText('Landed although the answer was lost')).toHaveLength(1);
      expect(post.targets[0]!.remoteUrl).toBe(`https://x.com/${x.user.username}/status/${tweet!.id}`);
    });

    it('refreshes an expired access token by itself', async () => {
      const old = lastTweetToken()!;
      x.expireToken(old);
      const created = await publishNow(ann, 'Published with a refreshed token');
      const post = await waitUntilSettled(ann, created.id);
      expect(post.targets[0]).toMatchObject({ status: 'published', attempts: 1, lastError: null });
      expect(x.postsWithText('Published with a refreshed token')).toHaveLength(1);
      const fresh = lastTweetToken()!;
      expect(fresh).not.toBe(old);
      // X rotates refresh tokens: the old pair is gone, the new one is what the connection holds now.
      expect(x.tokens.find((token) => token.accessToken === old)?.revoked).toBe(true);
      expect((await profileOf(ann)).connections.twitter?.status).toBe('connected');
    });

    it('asks to reconnect when the refresh is refused, and says so on later posts', async () => {
      const ben = callAs(t, cookies.ben);
      await connectOAuth(ben, 'twitter');
      x.revokeToken(x.tokens.at(-1)!.accessToken);

      const created = await publishNow(ben, 'Never published: access revoked');
      const post = await waitUntilSettled(ben, created.id);
      expect(post.status).toBe('failed');
      expect(post.targets[0]).toMatchObject({ status: 'failed', lastErrorCode: 'needs_reconnect' });
      expect(post.targets[0]!.lastError).toMatch(/reconnect/i);
      expect(x.postsWithText('Never published: access revoked')).toHaveLength(0);
      expect((await profileOf(ben)).connections.twitter?.status).toBe('needs_reconnect');

      const later = await createPost(ben, {
        text: 'Scheduled for tomorrow',
        platforms: ['twitter'],
        inMs: 86_400_000,
      });
      expect(later.targets[0]).toMatchObject({ status: 'pending', blocked: 'needs_reconnect' });
      expect((await getPost(ben, later.id)).targets[0]!.blocked).toBe('needs_reconnect');
      // ann's connection is not affected.
      expect((await profileOf(ann)).connections.twitter?.status).toBe('connected');
    });

    it('fails a target whose network is not connected, and publishes it on retry once connected', async () => {
      const cal = callAs(t, cookies.cal);
      const created = await publishNow(cal, 'Published on retry');
      expect(created.targets[0]!.blocked).toBe('not_connected');
      const failed = await waitUntilSettled(cal, created.id);
      expect(failed.status).toBe('failed');
      expect(failed.targets[0]).toMatchObject({
        status: 'failed',
        lastErrorCode: 'not_connected',
        blocked: null,
      });

      await connectOAuth(cal, 'twitter');
      const retried = await cal('POST', `/api/posts/${created.id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      const post = await waitUntilSettled(cal, created.id);
      expect(post.status).toBe('published');
      expect(post.targets[0]).toMatchObject({ status: 'published', lastError: null, lastErrorCode: null });
      expect(x.postsWithText('Published on retry')).toHaveLength(1);

      const again = await cal('POST', `/api/posts/${created.id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('NOTHING_TO_RETRY');
    });
  });

  describe('rescheduling, deleting and editing move the due time with the post', () => {
    /** Each target of the post: its id and when a worker is to take it. */
    const dueOf = async (postId: string) => {
      const { rows } = await t.ctx.database.executeSql(
        'select id, due_at from post_targets where post_id = $1',
        [postId],
      );
      return (rows as { id: string; due_at: Date | string | null }[]).map((r) => ({
        id: r.id,
        due: r.due_at === null ? null : new Date(r.due_at).toISOString(),
      }));
    };

    it('publishes none of a rescheduled or deleted post, and only the edited text of an edited one', async () => {
      const started = Date.now();
      const moved = await createPost(ann, { text: 'Moved to tomorrow', platforms: ['twitter'], inMs: 3000 });
      const deleted = await createPost(ann, {
        text: 'Deleted before its time',
        platforms: ['twitter'],
        inMs: 2000,
      });
      const edited = await createPost(ann, {
        text: 'Text before the edit',
        platforms: ['twitter'],
        inMs: 2000,
      });
      const before = { edited: await dueOf(edited.id) };
      expect(await dueOf(moved.id)).toEqual([{ id: expect.any(String), due: moved.scheduledAt }]);

      // The same time of day (to the minute) on the next day.
      const tomorrow = new Date(Date.parse(moved.scheduledAt!) + 86_400_000);
      tomorrow.setUTCSeconds(0, 0);
      const rescheduled = await ann('POST', `/api/posts/${moved.id}/reschedule`, {
        date: tomorrow.toISOString().slice(0, 10),
      });
      expect(rescheduled.statusCode, rescheduled.body).toBe(200);
      expect(rescheduled.json().scheduledAt).toBe(tomorrow.toISOString());
      expect((await ann('DELETE', `/api/posts/${deleted.id}`)).statusCode).toBe(204);
      const replaced = await ann('PUT', `/api/posts/${edited.id}`, {
        ...postBody({ text: 'Text after the edit', platforms: ['twitter'], inMs: 2000 }),
      });
      expect(replaced.statusCode, replaced.body).toBe(200);

      // The moved post's target is due when it is now; the deleted post's are gone; the edited post has
      // new targets, due at its time.
      expect(await dueOf(moved.id)).toEqual([{ id: expect.any(String), due: tomorrow.toISOString() }]);
      expect(await dueOf(deleted.id)).toEqual([]);
      const after = await dueOf(edited.id);
      expect(after).toHaveLength(1);
      expect(after[0]!.id).not.toBe(before.edited[0]!.id);
      expect(after[0]!.due).toBe(replaced.json().scheduledAt);

      const published = await waitForPost(ann, edited.id, (p) => p.status === 'published');
      expect(published.targets).toHaveLength(1);
      expect(published.targets[0]!.attempts).toBe(1);
      // Past the first time of the moved post, with room for a poll.
      await sleep(Math.max(0, started + 5000 - Date.now()));
      expect(x.postsWithText('Text after the edit')).toHaveLength(1);
      expect(x.postsWithText('Text before the edit')).toHaveLength(0);
      expect(x.postsWithText('Moved to tomorrow')).toHaveLength(0);
      expect(x.postsWithText('Deleted before its time')).toHaveLength(0);
      const stillScheduled = await getPost(ann, moved.id);
      expect(stillScheduled.status).toBe('scheduled');
      expect(stillScheduled.targets[0]).toMatchObject({ status: 'pending', attempts: 0 });
      expect((await ann('GET', `/api/posts/${deleted.id}`)).statusCode).toBe(404);
    });
  });
});
