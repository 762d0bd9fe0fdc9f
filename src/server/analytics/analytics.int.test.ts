import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, requestAs, signIn, type TestApp } from '../../../test/test-app';

/** The read side: sums of latest readings, unknown kept apart from zero, owners only, CSV, validation. */
describe('analytics routes', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let annId: string;
  const call = (cookie: string, url: string) => requestAs(t)(cookie, 'GET', url);
  // Writes made with SQL reach the caches through PostgreSQL's notifications: wait until they are heard.
  const sqlRows = async <T>(text: string, values: unknown[] = []) => {
    const { rows } = await t.ctx.database.executeSql(text, values);
    await t.ctx.changes.sync();
    return rows as T[];
  };

  /** A published target with readings (slot → figures); returns its post id. */
  const published = async (
    userId: string,
    platform: string,
    at: string,
    html: string,
    readings: {
      outcome?: string;
      code?: string;
      at: string;
      likes?: number | null;
      shares?: number | null;
      comments?: number | null;
      reach?: number | null;
    }[],
  ) => {
    const [post] = await sqlRows<{ id: string }>(
      `insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone) values ((select id from workspaces where personal_of = $1), $1, $2, 'published', $3, 'UTC') returning id`,
      [userId, html, at],
    );
    const [target] = await sqlRows<{ id: string }>(
      `insert into post_targets (post_id, platform, status, remote_id, remote_url, published_at)
       values ($1, $2, 'published', 'r1', $3, $4) returning id`,
      [post!.id, platform, `https://example.com/${platform}/${post!.id}`, at],
    );
    // As publishing and each reading leave it (metrics.repo): the target's latest figures.
    const latest = readings.filter((r) => (r.outcome ?? 'read') === 'read').at(-1);
    await sqlRows(
      `insert into target_latest_metrics (target_id, workspace_id, user_id, platform, published_at, slot, collected_at, likes, shares, comments, reach)
       values ($1, (select id from workspaces where personal_of = $2), $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        target!.id,
        userId,
        platform,
        at,
        latest ? readings.indexOf(latest) : null,
        latest?.at ?? null,
        latest?.likes ?? null,
        latest?.shares ?? null,
        latest?.comments ?? null,
        latest?.reach ?? null,
      ],
    );
    for (const [slot, r] of readings.entries())
      await sqlRows(
        `insert into target_metrics (target_id, workspace_id, user_id, platform, slot, collected_at, outcome, error_code, likes, shares, comments, reach)
         values ($1, (select id from workspaces where personal_of = $2), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          target!.id,
          userId,
          platform,
          slot,
          r.at,
          r.outcome ?? 'read',
          r.code ?? null,
          r.likes ?? null,
          r.shares ?? null,
          r.comments ?? null,
          r.reach ?? null,
        ],
      );
    return post!.id;
  };

  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_SCHEDULE: '1h,6h', METRICS_DAILY_DAYS: '0' },
      { clock: () => new Date('2025-03-20T12:00:00Z') },
    );
    // An administrator sees only their own figures too.
    await createUser(t.ctx, { email: 'ann@example.com', role: 'admin' });
    await createUser(t.ctx, { email: 'bob@example.com' });
    ann = await signIn(t.app, 'ann@example.com');
    bob = await signIn(t.app, 'bob@example.com');
    annId = (await sqlRows<{ id: string }>("select id from users where email = 'ann@example.com'"))[0]!.id;
    const bobId = (await sqlRows<{ id: string }>("select id from users where email = 'bob@example.com'"))[0]!
      .id;
    // Ann: two X posts (the second's latest slot paused, its figures those read before), one Bluesky.
    await published(
      annId,
      'twitter',
      '2025-03-10T09:00:00Z',
      '<p>=HYPERLINK("http://evil") <b>launch</b></p>',
      [
        { at: '2025-03-10T10:00:00Z', likes: 3, shares: 1, comments: 0 },
        { at: '2025-03-10T15:00:00Z', likes: 10, shares: 2, comments: 1 },
      ],
    );
    await published(annId, 'twitter', '2025-03-12T09:00:00Z', '<p>second, with "quotes"</p>', [
      { at: '2025-03-12T10:00:00Z', likes: 5, shares: 0, comments: 2 },
      { at: '2025-03-12T15:00:00Z', outcome: 'paused', code: 'needs_reconnect' },
    ]);
    await published(annId, 'bluesky', '2025-03-15T09:00:00Z', '<p>sky</p>', [
      { at: '2025-03-15T10:00:00Z', likes: 4, shares: 1, comments: 1, reach: null },
    ]);
    // Out of the default range (the last 30 days): counted only when asked for.
    await published(annId, 'twitter', '2024-12-01T09:00:00Z', '<p>old</p>', [
      { at: '2024-12-01T10:00:00Z', likes: 100 },
    ]);
    // Bob's post: never in Ann's answers.
    await published(bobId, 'twitter', '2025-03-11T09:00:00Z', '<p>bob</p>', [
      { at: '2025-03-11T10:00:00Z', likes: 999 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sums each post’s latest figures per network; a figure no post gave is null, not 0', async () => {
    const res = await call(ann, '/api/analytics/summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      range: { from: '2025-02-19', to: '2025-03-20', timeZone: 'UTC' },
      platforms: [
        {
          platform: 'twitter',
          posts: 2,
          likes: 15,
          shares: 2,
          comments: 3,
          reach: null,
          impressions: null,
          lastReadAt: '2025-03-12T10:00:00.000Z',
        },
        {
          platform: 'bluesky',
          posts: 1,
          likes: 4,
          shares: 1,
          comments: 1,
          reach: null,
          impressions: null,
          lastReadAt: '2025-03-15T10:00:00.000Z',
        },
      ],
    });
    const bobs = await call(bob, '/api/analytics/summary');
    expect(bobs.json().platforms).toEqual([
      expect.objectContaining({ platform: 'twitter', posts: 1, likes: 999 }),
    ]);
    const old = await call(ann, '/api/analytics/summary?from=2024-12-01&to=2024-12-01');
    expect(old.json().platforms).toEqual([expect.objectContaining({ posts: 1, likes: 100 })]);
  });

  it('lists posts with their state, sorted, filtered by network; the profile time zone sets the days', async () => {
    const res = await call(ann, '/api/analytics/posts?sort=likes&order=asc&platform=twitter');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(
      body.items.map((i: { likes: number; state: string; code: string | null }) => [
        i.likes,
        i.state,
        i.code,
      ]),
    ).toEqual([
      [5, 'paused', 'needs_reconnect'],
      [10, 'finished', null],
    ]);
    expect(body.items[1].excerpt).toBe('=HYPERLINK("http://evil") launch');
    await sqlRows("update users set timezone = 'Pacific/Kiritimati' where id = $1", [annId]);
    // 2025-03-15T09:00Z is 23:00 on the 15th in Kiritimati (UTC+14): the 16th starts after it.
    const zoned = await call(ann, '/api/analytics/posts?from=2025-03-16&to=2025-03-20');
    expect(zoned.json().items).toEqual([]);
    const day = await call(ann, '/api/analytics/posts?from=2025-03-15&to=2025-03-15');
    expect(day.json().items).toEqual([expect.objectContaining({ platform: 'bluesky' })]);
    await sqlRows('update users set timezone = null where id = $1', [annId]);
  });

  it('timeline: what each day’s readings added, days without readings null', async () => {
    const res = await call(ann, '/api/analytics/timeline?from=2025-03-10&to=2025-03-13');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toEqual([
      { day: '2025-03-10', likes: 10, shares: 2, comments: 1, readings: 2 },
      { day: '2025-03-11', likes: null, shares: null, comments: null, readings: 0 },
      { day: '2025-03-12', likes: 5, shares: 0, comments: 2, readings: 1 },
      { day: '2025-03-13', likes: null, shares: null, comments: null, readings: 0 },
    ]);
  });

  it('exports CSV with a header row, quoting and formula cells made inert', async () => {
    const res = await call(ann, '/api/analytics/export.csv?from=2025-03-01&to=2025-03-20');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="postwell-analytics-2025-03-01-2025-03-20.csv"',
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'post_id,platform,published_at,url,likes,shares,comments,reach,impressions,clicks,bot_clicks,last_read_at,state,code,text',
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes('launch'))).toMatch(
      /,10,2,1,,,,,2025-03-10T15:00:00.000Z,finished,,"'=HYPERLINK\(""http:\/\/evil""\) launch"$/,
    );
    expect(res.body).not.toContain('bob');
  });

  it('refuses bad ranges with 400 naming the field', async () => {
    for (const [query, field, key] of [
      ['from=2025-02-30', 'from', 'analytics.dateInvalid'],
      ['to=yesterday', 'to', 'analytics.dateInvalid'],
      ['from=2025-03-10&to=2025-03-01', 'to', 'analytics.rangeInvalid'],
      ['from=2023-01-01&to=2025-01-01', 'to', 'analytics.rangeTooLong'],
    ] as const) {
      const res = await call(ann, `/api/analytics/summary?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toEqual({ [field]: key });
    }
    const sort = await call(ann, '/api/analytics/posts?sort=password');
    expect(sort.statusCode).toBe(400);
    expect(Object.keys(sort.json().fields)).toEqual(['sort']);
  });
});
