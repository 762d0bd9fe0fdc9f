import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTiktokFake, type TiktokFake } from '../../../test/fakes/tiktok';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createPost,
  targetIds,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import type { Publisher } from '../publishing/publisher';
import type { Collector } from './collector';
import { readingJobId } from './metrics-schedule';

/**
 * Metric reads against the fakes: the first reading queued when publishing, figures stored (null kept
 * null), a slot read twice stored once, and each outcome's effect on the account and the chain.
 */
describe('collecting metrics', () => {
  let t: TestApp;
  let x: XFake;
  let tiktok: TiktokFake;
  let ann: Call;
  let annId: string;
  let publisher: Publisher;
  let collector: Collector;
  const firstTry = { retryCount: 0, retryLimit: 3 };
  const lastTry = { retryCount: 3, retryLimit: 3 };

  beforeAll(async () => {
    [x, tiktok] = await Promise.all([startXFake(), startTiktokFake()]);
    t = await createTestApp({
      ...x.env,
      ...tiktok.env,
      METRICS_SCHEDULE: '1h,6h,24h',
      METRICS_DAILY_DAYS: '0',
      PUBLISH_POLL_SECONDS: '0.5',
    });
    const { ann: cookie } = await signedInUsers(t, 'ann');
    ann = callAs(t, cookie);
    await connectOAuth(ann, 'twitter');
    await connectOAuth(ann, 'tiktok');
    annId = await userIdOf('ann@example.com');
    publisher = t.ctx.publisher();
    await publisher.start();
    collector = t.ctx.collector();
  });
  afterAll(async () => {
    publisher?.stop();
    await t?.close();
    await Promise.all([x, tiktok].map((fake) => fake?.close()));
  });

  const sqlRows = async <T>(text: string, values: unknown[] = []) =>
    (await t.ctx.database.executeSql(text, values)).rows as T[];
  const userIdOf = async (email: string) =>
    (await sqlRows<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  const readings = (targetId: string) =>
    sqlRows<{
      slot: number;
      outcome: string;
      error_code: string | null;
      likes: number | null;
      shares: number | null;
      comments: number | null;
      reach: number | null;
      impressions: number | null;
    }>(
      'select slot, outcome, error_code, likes, shares, comments, reach, impressions from target_metrics where target_id = $1 order by slot',
      [targetId],
    );
  const job = async (targetId: string, slot: number) =>
    (
      await sqlRows<{ start_after: string | Date; data: { targetId: string; slot: number } }>(
        "select start_after, data from pgboss.job where name = 'collect-metrics' and id = $1",
        [readingJobId(targetId, slot)],
      )
    )[0];
  const connectionStatus = async (platform: string) =>
    (
      await sqlRows<{ status: string }>(
        'select status from social_connections where user_id = $1 and platform = $2',
        [annId, platform],
      )
    )[0]!.status;

  /** A TikTok target recorded as published (its video may or may not exist on the fake). */
  const publishedTiktok = async (remoteId: string) => {
    const [post] = await sqlRows<{ id: string }>(
      `insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
       values ((select id from workspaces where personal_of = $1), $1, '<p>a video</p>', 'published', now(), 'UTC') returning id`,
      [annId],
    );
    const [target] = await sqlRows<{ id: string }>(
      `insert into post_targets (post_id, platform, status, remote_id, published_at)
       values ($1, 'tiktok', 'published', $2, now()) returning id`,
      [post!.id, remoteId],
    );
    // What the publish transaction writes beside it (metrics.repo `published`).
    await sqlRows(
      `insert into target_latest_metrics (target_id, workspace_id, user_id, platform, published_at)
       select id, (select id from workspaces where personal_of = $2), $2, platform, published_at from post_targets where id = $1`,
      [target!.id, annId],
    );
    return target!.id;
  };

  it('queues the first reading at +1 h in the publish, stores the figures and queues the next slot', async () => {
    const created = await createPost(ann, { text: 'Figures, please', platforms: ['twitter'] });
    const post = await waitUntilSettled(ann, created.id);
    const target = (await targetIds(t, created.id)).twitter!;
    const first = await job(target, 0);
    expect(first?.data).toEqual({ targetId: target, slot: 0 });
    const publishedAt = Date.parse(post.targets[0]!.publishedAt!);
    expect(new Date(first!.start_after).getTime() - publishedAt).toBe(3_600_000);

    const [tweet] = x.postsWithText('Figures, please');
    // X gives no reach: it must stay unknown, never 0.
    x.setMetrics(tweet!.id, { likes: 7, shares: 2, quotes: 1, comments: 3, impressions: 120 });
    await collector.handle(target, 0, firstTry);
    await collector.handle(target, 0, firstTry);
    expect(await readings(target)).toEqual([
      {
        slot: 0,
        outcome: 'read',
        error_code: null,
        likes: 7,
        shares: 3,
        comments: 3,
        reach: null,
        impressions: 120,
      },
    ]);
    const second = await job(target, 1);
    expect(new Date(second!.start_after).getTime() - publishedAt).toBe(6 * 3_600_000);

    // A revoked token: the slot is paused, the account marked for reconnecting, the chain goes on.
    for (const token of x.tokens) x.revokeToken(token.accessToken);
    await collector.handle(target, 1, firstTry);
    expect((await readings(target))[1]).toMatchObject({
      slot: 1,
      outcome: 'paused',
      error_code: 'needs_reconnect',
      likes: null,
    });
    expect(await connectionStatus('twitter')).toBe('needs_reconnect');
    expect(await job(target, 2)).toBeDefined();

    // Reconnected: the next slot reads again, and the summary shows the latest figures.
    await connectOAuth(ann, 'twitter');
    x.setMetrics(tweet!.id, { likes: 9, shares: 2, quotes: 1, comments: 4, impressions: 150 });
    await collector.handle(target, 2, firstTry);
    expect((await readings(target))[2]).toMatchObject({ slot: 2, outcome: 'read', likes: 9, comments: 4 });
    // The schedule ends after slot 2: no fourth job.
    expect(await job(target, 3)).toBeUndefined();
    const summary = await ann('GET', '/api/analytics/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().platforms).toEqual([
      expect.objectContaining({
        platform: 'twitter',
        posts: 1,
        likes: 9,
        shares: 3,
        comments: 4,
        reach: null,
        impressions: 150,
      }),
    ]);
    const list = await ann('GET', '/api/analytics/posts');
    expect(list.json().items[0]).toMatchObject({
      state: 'finished',
      code: null,
      likes: 9,
      remoteUrl: post.targets[0]!.remoteUrl,
    });
  });

  it('TikTok without the video.list scope fails that reading only: the account stays connected', async () => {
    const target = await publishedTiktok('7001');
    tiktok.failNext({ code: 'scope_not_authorized', status: 401 }, { path: /video\/query/ });
    await collector.handle(target, 0, firstTry);
    expect(await readings(target)).toMatchObject([
      { slot: 0, outcome: 'failed', error_code: 'scope_not_authorized' },
    ]);
    expect(await connectionStatus('tiktok')).toBe('connected');
    expect(await job(target, 1)).toBeDefined();
  });

  it('a network that keeps failing: retried by the queue, then the slot fails with its code and the chain goes on', async () => {
    const target = await publishedTiktok('7002');
    tiktok.failNext({ code: 'internal_error', status: 500 }, { path: /video\/query/ });
    await expect(collector.handle(target, 0, firstTry)).rejects.toThrow();
    expect(await readings(target)).toEqual([]);
    tiktok.failNext({ code: 'internal_error', status: 500 }, { path: /video\/query/ });
    await collector.handle(target, 0, lastTry);
    expect(await readings(target)).toMatchObject([
      { slot: 0, outcome: 'failed', error_code: 'server_error' },
    ]);
    expect(await job(target, 1)).toBeDefined();
  });

  it('a post the network no longer has fails the slot and ends the chain', async () => {
    const target = await publishedTiktok('7003');
    await collector.handle(target, 0, firstTry);
    expect(await readings(target)).toMatchObject([{ slot: 0, outcome: 'failed', error_code: 'post_gone' }]);
    expect(await job(target, 1)).toBeUndefined();
    const list = await ann('GET', '/api/analytics/posts?platform=tiktok&sort=likes');
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ state: 'failed', code: 'post_gone', likes: null }),
    );
  });

  it('reads nothing for an owner whose trial ended, and reads the figures TikTok gives', async () => {
    const target = await publishedTiktok('7004');
    // The video as if published by the adapter (this test is about the reads, not the upload).
    tiktok.posts.push({
      publishId: 'p-7004',
      postId: 7004,
      kind: 'video',
      openId: (
        await sqlRows<{ account_id: string }>(
          "select account_id from social_connections where user_id = $1 and platform = 'tiktok'",
          [annId],
        )
      )[0]!.account_id,
      text: 'a video',
      privacyLevel: 'SELF_ONLY',
      media: [],
      createdAt: new Date(),
    });
    tiktok.setMetrics('7004', { likes: 4, comments: 1, shares: 0, impressions: 50 });
    await t.ctx.database.executeSql(
      "update users set trial_ends_at = now() - interval '1 day' where id = $1",
      [annId],
    );
    await collector.handle(target, 0, firstTry);
    expect(await readings(target)).toEqual([]);
    expect(await job(target, 1)).toBeDefined();
    await t.ctx.database.executeSql('update users set trial_ends_at = null where id = $1', [annId]);
    await collector.handle(target, 1, firstTry);
    expect(await readings(target)).toEqual([
      {
        slot: 1,
        outcome: 'read',
        error_code: null,
        likes: 4,
        shares: 0,
        comments: 1,
        reach: null,
        impressions: 50,
      },
    ]);
  });
});
