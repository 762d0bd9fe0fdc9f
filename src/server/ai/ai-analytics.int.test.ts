import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';
import type { BestTime, Performance } from '../../shared/api/ai.schemas';
import { DEFAULT_SLOTS, MIN_SAMPLE } from './best-time';

/** Best time and performance from the caller's own published posts and their stored figures. */
describe('AI analytics', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  let t: TestApp;
  let ann: string;
  let bob: string;
  let annId: string;
  let bobId: string;
  let call: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await createTestApp({ AI_RATE_PER_MINUTE: '1000' }, { clock: () => now });
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
    const ids = await t.ctx.database.executeSql(`select id, email from users`);
    const byEmail = new Map((ids.rows as { id: string; email: string }[]).map((r) => [r.email, r.id]));
    annId = byEmail.get('ann@example.com')!;
    bobId = byEmail.get('bob@example.com')!;
    await t.ctx.database.executeSql(`update users set timezone = 'Europe/Berlin' where id = $1`, [annId]);
  });
  afterAll(() => t.close());

  /** A published post with one target and one reading of figures. */
  const published = async (
    userId: string,
    at: string,
    platform: string,
    figures: [number, number, number],
    text: string,
  ) => {
    const post = await t.ctx.database.executeSql(
      `insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone) values ((select id from workspaces where personal_of = $1), $1, $2, 'published', $3, 'UTC') returning id`,
      [userId, `<p>${text}</p>`, at],
    );
    const postId = (post.rows[0] as { id: string }).id;
    const target = await t.ctx.database.executeSql(
      `insert into post_targets (post_id, platform, status, published_at) values ($1, $2, 'published', $3) returning id`,
      [postId, platform, at],
    );
    const targetId = (target.rows[0] as { id: string }).id;
    await t.ctx.database.executeSql(
      `insert into target_metrics (target_id, workspace_id, user_id, platform, slot, collected_at, outcome, likes, shares, comments)
       values ($1, (select id from workspaces where personal_of = $2), $2, $3, 0, $4, 'read', $5, $6, $7)`,
      [targetId, userId, platform, at, ...figures],
    );
    return postId;
  };

  const predict = async (cookie: string, historicalData: object = {}) => {
    const res = await call(cookie, 'POST', '/api/ai/predictBestTimeToPost', { historicalData });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ response: BestTime }>().response;
  };

  it('falls back to the documented defaults, saying so, while the history is too short', async () => {
    const answer = await predict(ann, { platforms: ['linkedin', 'tiktok'] });
    expect(answer).toMatchObject({ zone: 'Europe/Berlin', sampleSize: 0, enough: false, source: 'default' });
    expect(answer.slots).toEqual([
      ...DEFAULT_SLOTS.linkedin.map((s) => ({ platform: 'linkedin', ...s, engagement: null, posts: 0 })),
      ...DEFAULT_SLOTS.tiktok.map((s) => ({ platform: 'tiktok', ...s, engagement: null, posts: 0 })),
    ]);
  });

  it("learns from the caller's own figures, by weekday and hour in the caller's zone", async () => {
    // Tuesdays 07:00 UTC = 09:00 in Berlin (summer): strong; Fridays 18:00 UTC = 20:00: weak.
    const tuesdays = ['2026-05-05', '2026-05-12', '2026-05-19', '2026-05-26', '2026-06-02', '2026-06-09'];
    const fridays = ['2026-05-08', '2026-05-15', '2026-05-22', '2026-05-29', '2026-06-05'];
    for (const day of tuesdays)
      await published(
        annId,
        `${day}T07:00:00Z`,
        'linkedin',
        [40, 5, 5],
        'We love sharing our great coffee tips',
      );
    for (const day of fridays)
      await published(annId, `${day}T18:00:00Z`, 'linkedin', [2, 0, 1], 'Another coffee update');
    // Bob's huge figures on Sundays must not show in Ann's answer.
    for (let i = 0; i < 12; i += 1)
      await published(
        bobId,
        `2026-05-${String(3 + (i % 4) * 7).padStart(2, '0')}T10:00:00Z`,
        'linkedin',
        [9999, 0, 0],
        'bob',
      );

    const answer = await predict(ann, { platforms: ['linkedin'] });
    expect(answer).toMatchObject({ zone: 'Europe/Berlin', sampleSize: 11, enough: true, source: 'history' });
    expect(answer.sampleSize).toBeGreaterThanOrEqual(MIN_SAMPLE);
    const overall = answer.slots.filter((s) => s.platform === null);
    expect(overall[0]).toEqual({ platform: null, weekday: 2, hour: 9, engagement: 50, posts: 6 });
    expect(overall[1]).toEqual({ platform: null, weekday: 5, hour: 20, engagement: 3, posts: 5 });
    expect(answer.slots.find((s) => s.platform === 'linkedin')).toEqual({
      platform: 'linkedin',
      weekday: 2,
      hour: 9,
      engagement: 50,
      posts: 6,
    });
    expect(JSON.stringify(answer)).not.toContain('9999');

    const bobs = await predict(bob);
    expect(bobs.sampleSize).toBe(12);
    expect(bobs.slots[0]!.engagement).toBe(9999);
  });

  it('analyses the range: sample size, sentiment of the texts, hashtags from the best posts, best time, best network', async () => {
    for (let i = 0; i < 3; i += 1)
      await published(annId, `2026-06-1${i}T07:00:00Z`, 'bluesky', [1, 0, 0], 'Quiet bluesky note');
    const res = await call(ann, 'POST', '/api/ai/analyzePostPerformance', {
      postData: { from: '2026-05-01', to: '2026-06-15' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const perf = res.json<{ response: Performance }>().response;
    expect(perf.sampleSize).toBe(14);
    expect(perf.sentiment).toMatchObject({ analysed: true, notAnalysed: null });
    expect(perf.suggestedHashtags).toContain('#coffee');
    expect(perf.optimalPostTime.enough).toBe(true);
    expect(perf.recommendations).toContainEqual({
      code: 'bestNetwork',
      platform: 'linkedin',
      values: { count: 28.6 },
    });

    const empty = await call(ann, 'POST', '/api/ai/analyzePostPerformance', {
      postData: { from: '2020-01-01', to: '2020-02-01' },
    });
    expect(empty.json().response).toMatchObject({
      sampleSize: 0,
      suggestedHashtags: [],
      recommendations: [{ code: 'fewData', values: { count: 0, min: MIN_SAMPLE } }],
    });
    // No post with figures yet: nothing to analyse, which is not a language problem.
    expect(empty.json().response.sentiment).toEqual({
      sentiment: 'Neutral',
      score: 0,
      analysed: false,
      notAnalysed: 'noPosts',
    });

    // Posts with figures, none of them in English: the built-in analysis says it reads English only.
    await published(
      annId,
      '2021-03-02T09:00:00Z',
      'x',
      [4, 1, 0],
      'Hoy lanzamos nuestra nueva tienda con muchas ofertas para todos',
    );
    await published(
      annId,
      '2021-03-03T09:00:00Z',
      'x',
      [2, 0, 1],
      'Nous sommes très heureux de vous présenter notre nouvelle boutique',
    );
    const foreign = await call(ann, 'POST', '/api/ai/analyzePostPerformance', {
      postData: { from: '2021-03-01', to: '2021-03-31' },
    });
    expect(foreign.json<{ response: Performance }>().response).toMatchObject({
      sampleSize: 2,
      sentiment: { analysed: false, notAnalysed: 'notEnglish' },
    });

    const backwards = await call(ann, 'POST', '/api/ai/analyzePostPerformance', {
      postData: { from: '2026-06-01', to: '2026-05-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ 'postData.to': 'errors.validation' });
  });

  it("analyses one post of the caller, and refuses another user's (404)", async () => {
    const postId = await published(
      annId,
      '2026-06-12T07:00:00Z',
      'linkedin',
      [7, 1, 2],
      'https://example.com Terrible delays this week, sorry everyone.',
    );
    const res = await call(ann, 'POST', '/api/ai/analyzePostPerformance', { postData: { postId } });
    const perf = res.json<{ response: Performance }>().response;
    expect(perf.sampleSize).toBe(1);
    expect(perf.sentiment.sentiment).toBe('Negative');
    expect(perf.recommendations).toContainEqual({ code: 'linkFirstLine', platform: 'linkedin' });
    expect(
      (await call(bob, 'POST', '/api/ai/analyzePostPerformance', { postData: { postId } })).statusCode,
    ).toBe(404);
  });
});
