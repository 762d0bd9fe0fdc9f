import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';
import {
  RECURRING_CONTENT_MAX,
  RECURRING_POSTS_MAX,
  type RecurringPost,
} from '../../shared/api/recurring.schemas';

describe('recurring posts', () => {
  let now = new Date('2026-05-04T08:00:00Z');
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await createTestApp(
      // Room for the cap's 110 creates in a minute; the rate itself is tested in http/creation-rate.
      { RECURRING_HORIZON_HOURS: '24', RECURRING_GRACE_MINUTES: '60', CREATE_RATE_PER_MINUTE: '10000' },
      { clock: () => now },
    );
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
  });
  afterAll(() => t.close());

  const body = (overrides: object = {}) => ({
    content: '<p>Weekly <strong>tips</strong></p>',
    platforms: ['bluesky'],
    startDate: '2026-05-04T09:00:00+02:00',
    frequency: 'daily',
    interval: 1,
    timezone: 'Europe/Berlin',
    ...overrides,
  });
  const create = async (cookie: string, overrides: object = {}) => {
    const res = await call(cookie, 'POST', '/api/recurring-posts', body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecurringPost>();
  };
  const postsOf = async (id: string) => {
    const { rows } = await t.ctx.database.executeSql(
      `select id, status, scheduled_at, occurrence_at, content_html from posts where recurring_id = $1 order by occurrence_at`,
      [id],
    );
    return rows as {
      id: string;
      status: string;
      scheduled_at: Date;
      occurrence_at: Date;
      content_html: string;
    }[];
  };
  const skipsOf = async (id: string) =>
    (
      await t.ctx.database.executeSql(
        `select occurrence_at from recurring_skips where recurring_id = $1 order by occurrence_at`,
        [id],
      )
    ).rows as { occurrence_at: Date }[];

  it('creates a rule, answers its next post, and makes the occurrence due within the horizon a scheduled post', async () => {
    now = new Date('2026-05-04T05:00:00Z');
    const rule = await create(ann);
    expect(rule).toMatchObject({
      content: '<p>Weekly <strong>tips</strong></p>',
      platforms: ['bluesky'],
      frequency: 'daily',
      interval: 1,
      weekdays: [],
      endDate: null,
      count: null,
      timezone: 'Europe/Berlin',
      nextScheduledDate: '2026-05-04T07:00:00.000Z',
      active: true,
      skipped: [],
      skippedTotal: 0,
    });
    const made = await postsOf(rule.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'scheduled', content_html: rule.content });
    expect(new Date(made[0]!.scheduled_at).toISOString()).toBe('2026-05-04T07:00:00.000Z');

    const range = await call(ann, 'GET', '/api/posts?from=2026-05-01T00:00:00Z&to=2026-06-01T00:00:00Z');
    expect(range.json().data).toEqual([expect.objectContaining({ id: made[0]!.id, recurring: true })]);
    const post = await call(ann, 'GET', `/api/posts/${made[0]!.id}`);
    expect(post.json()).toMatchObject({ recurringId: rule.id, occurrenceAt: '2026-05-04T07:00:00.000Z' });

    const listed = await call(ann, 'GET', '/api/recurring-posts');
    expect(listed.json().data[0]).toMatchObject({
      id: rule.id,
      occurrences: [
        {
          postId: made[0]!.id,
          at: '2026-05-04T07:00:00.000Z',
          targets: [{ platform: 'bluesky', status: 'pending' }],
        },
      ],
    });
  });

  it('makes each occurrence once, however many rounds run at once', async () => {
    now = new Date('2026-06-01T05:00:00Z');
    const rule = await create(ann, { startDate: '2026-06-01T09:00:00+02:00' });
    for (let day = 0; day < 5; day++) {
      now = new Date(Date.parse('2026-06-01T06:00:00Z') + day * 86_400_000);
      await Promise.all([
        t.ctx.recurring.makeDueOccurrences(),
        t.ctx.recurring.makeDueOccurrences(),
        t.ctx.recurring.makeDueOccurrences(),
      ]);
    }
    const made = await postsOf(rule.id);
    expect(made.map((p) => new Date(p.occurrence_at).toISOString())).toEqual([
      '2026-06-01T07:00:00.000Z',
      '2026-06-02T07:00:00.000Z',
      '2026-06-03T07:00:00.000Z',
      '2026-06-04T07:00:00.000Z',
      '2026-06-05T07:00:00.000Z',
    ]);
    await call(ann, 'DELETE', `/api/recurring-posts/${rule.id}`);
  });

  it('after days of downtime publishes at most the latest missed occurrence, within the grace, and records the rest', async () => {
    now = new Date('2026-07-01T05:00:00Z');
    const rule = await create(ann, { startDate: '2026-07-01T09:00:00+02:00' });
    // The server is down from 1 July, 05:00, to 4 July, 07:40 UTC: 40 minutes after the 4th's occurrence.
    now = new Date('2026-07-04T07:40:00Z');
    await t.ctx.recurring.makeDueOccurrences();
    const made = (await postsOf(rule.id)).map((p) => new Date(p.occurrence_at).toISOString());
    expect(made).toEqual([
      '2026-07-01T07:00:00.000Z', // made at creation, before the downtime
      '2026-07-04T07:00:00.000Z', // the latest missed, 40 min late: sent
      '2026-07-05T07:00:00.000Z', // within the next 24 h
    ]);
    expect((await skipsOf(rule.id)).map((s) => new Date(s.occurrence_at).toISOString())).toEqual([
      '2026-07-02T07:00:00.000Z',
      '2026-07-03T07:00:00.000Z',
    ]);
    // Down again until the 8th at 15:00: everything missed is older than the grace.
    now = new Date('2026-07-08T15:00:00Z');
    await t.ctx.recurring.makeDueOccurrences();
    expect((await postsOf(rule.id)).map((p) => new Date(p.occurrence_at).toISOString()).slice(3)).toEqual([
      '2026-07-09T07:00:00.000Z',
    ]);
    const shown = (await call(ann, 'GET', `/api/recurring-posts/${rule.id}`)).json<RecurringPost>();
    expect(shown.skippedTotal).toBe(5);
    expect(shown.skipped[0]).toEqual({ at: '2026-07-08T07:00:00.000Z', reason: 'missed' });
    await call(ann, 'DELETE', `/api/recurring-posts/${rule.id}`);
  });

  it('an edit changes the occurrences still to come; the ones already made keep their content', async () => {
    now = new Date('2026-08-03T06:00:00Z');
    const rule = await create(ann, { startDate: '2026-08-03T09:00:00+02:00' });
    const res = await call(
      ann,
      'PUT',
      `/api/recurring-posts/${rule.id}`,
      body({
        startDate: '2026-08-03T09:00:00+02:00',
        content: '<p>New words</p>',
        frequency: 'weekly',
        weekdays: [0, 2],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ content: '<p>New words</p>', frequency: 'weekly', weekdays: [0, 2] });
    now = new Date('2026-08-04T08:00:00Z');
    await t.ctx.recurring.makeDueOccurrences();
    const made = await postsOf(rule.id);
    expect(made.map((p) => [new Date(p.occurrence_at).toISOString(), p.content_html])).toEqual([
      ['2026-08-03T07:00:00.000Z', '<p>Weekly <strong>tips</strong></p>'],
      ['2026-08-05T07:00:00.000Z', '<p>New words</p>'],
    ]);
  });

  it('deleting stops the rule and removes its waiting occurrences; a published one stays', async () => {
    now = new Date('2026-09-07T05:00:00Z');
    const rule = await create(ann, { startDate: '2026-09-06T09:00:00+02:00' });
    const [waiting] = await postsOf(rule.id);
    // One occurrence from before, already out.
    const { rows } = await t.ctx.database.executeSql(
      `insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone, recurring_id, occurrence_at)
       select workspace_id, user_id, content_html, 'published', '2026-09-06T07:00:00Z', timezone, id, '2026-09-06T07:00:00Z'
         from recurring_posts where id = $1 returning id`,
      [rule.id],
    );
    const published = (rows[0] as { id: string }).id;
    expect((await call(ann, 'DELETE', `/api/recurring-posts/${rule.id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/api/posts/${waiting!.id}`)).statusCode).toBe(404);
    const kept = await call(ann, 'GET', `/api/posts/${published}`);
    expect(kept.json()).toMatchObject({ status: 'published', recurringId: null });
    expect((await call(ann, 'GET', `/api/recurring-posts/${rule.id}`)).statusCode).toBe(404);
  });

  it('an end date in the past or a spent count makes the rule inactive', async () => {
    now = new Date('2026-10-10T12:00:00Z');
    const ended = await create(ann, {
      startDate: '2026-10-01T09:00:00+02:00',
      endDate: '2026-10-05T09:00:00+02:00',
    });
    expect(ended).toMatchObject({ active: false, nextScheduledDate: null });
    expect(await postsOf(ended.id)).toEqual([]);
    const counted = await create(ann, { startDate: '2026-10-09T09:00:00+02:00', count: 4 });
    expect(counted).toMatchObject({ active: true, nextScheduledDate: '2026-10-11T07:00:00.000Z' });
    const spent = await create(ann, { startDate: '2026-10-09T09:00:00+02:00', count: 2 });
    expect(spent).toMatchObject({ active: false, nextScheduledDate: null });
  });

  it('makes no posts for an owner whose trial has ended; what came due meanwhile is missed', async () => {
    now = new Date('2026-12-01T05:00:00Z');
    const rule = await create(bob, { startDate: '2026-12-01T09:00:00+01:00' });
    await t.ctx.database.executeSql(`update users set trial_ends_at = $1 where email = 'bob@example.com'`, [
      new Date('2026-12-01T12:00:00Z'),
    ]);
    now = new Date('2026-12-03T07:00:00Z');
    await t.ctx.recurring.makeDueOccurrences();
    expect((await postsOf(rule.id)).map((p) => new Date(p.occurrence_at).toISOString())).toEqual([
      '2026-12-01T08:00:00.000Z',
    ]);
    await t.ctx.database.executeSql(`update users set trial_ends_at = null where email = 'bob@example.com'`);
    await t.ctx.recurring.makeDueOccurrences();
    expect((await skipsOf(rule.id)).map((s) => new Date(s.occurrence_at).toISOString())).toEqual([
      '2026-12-02T08:00:00.000Z',
    ]);
    expect((await postsOf(rule.id)).length).toBe(2);
    await call(bob, 'DELETE', `/api/recurring-posts/${rule.id}`);
  });

  it("another user's recurring post is not found, and not listed", async () => {
    now = new Date('2026-11-01T12:00:00Z');
    const rule = await create(ann, { startDate: '2026-11-05T09:00:00+01:00' });
    expect((await call(bob, 'GET', `/api/recurring-posts/${rule.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/api/recurring-posts/${rule.id}`, body())).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/recurring-posts/${rule.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/recurring-posts')).json().data).toEqual([]);
    expect((await call(ann, 'GET', `/api/recurring-posts/${rule.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['startDate missing', { startDate: undefined }, { startDate: 'recurring.startDateRequired' }],
    ['startDate not a date', { startDate: 'next monday' }, { startDate: 'recurring.startDateRequired' }],
    ['interval 0', { interval: 0 }, { interval: 'recurring.intervalPositive' }],
    ['interval negative', { interval: -2 }, { interval: 'recurring.intervalPositive' }],
    ['interval fractional', { interval: 1.5 }, { interval: 'recurring.intervalInteger' }],
    ['interval as text', { interval: 'two' }, { interval: 'recurring.intervalRequired' }],
    ['interval too large', { interval: 1000 }, { interval: 'recurring.intervalTooLarge' }],
    [
      'endDate before startDate',
      { endDate: '2026-05-01T09:00:00+02:00' },
      { endDate: 'recurring.endBeforeStart' },
    ],
    ['unknown frequency', { frequency: 'hourly' }, { frequency: 'recurring.frequencyRequired' }],
    ['more than 366 occurrences', { count: 367 }, { count: 'recurring.countInvalid' }],
    [
      'eight weekdays',
      { frequency: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6, 0] },
      { weekdays: 'recurring.weekdaysInvalid' },
    ],
    ['no content', { content: '<p> </p>' }, { content: 'posts.contentRequired' }],
    ['no network', { platforms: [] }, { platforms: 'posts.platformsRequired' }],
    // Read as 1950 and 1999 before: the date was moved, not refused.
    [
      'a start in the year 50',
      { startDate: '0050-05-04T09:00:00+02:00' },
      { startDate: 'recurring.startDateTooEarly' },
    ],
    [
      'a start in the year 99',
      { startDate: '0099-12-31T23:59:00Z' },
      { startDate: 'recurring.startDateTooEarly' },
    ],
    [
      'a start before 1900',
      { startDate: '1899-12-31T12:00:00Z' },
      { startDate: 'recurring.startDateTooEarly' },
    ],
    ['an end in the year 50', { endDate: '0050-05-04T09:00:00Z' }, { endDate: 'posts.dateTooEarly' }],
    [
      `content over ${RECURRING_CONTENT_MAX} characters`,
      { content: `<p>${'x'.repeat(RECURRING_CONTENT_MAX)}</p>` },
      { content: 'recurring.contentTooLong' },
    ],
  ])('refuses %s with 400 naming the field', async (_, overrides, fields) => {
    now = new Date('2026-05-01T00:00:00Z');
    const before = (await call(ann, 'GET', '/api/recurring-posts')).json().data.length;
    const res = await call(ann, 'POST', '/api/recurring-posts', body(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toMatchObject(fields);
    expect((await call(ann, 'GET', '/api/recurring-posts')).json().data).toHaveLength(before);
  });

  it("says the spec's words when content or networks are missing", async () => {
    const res = await call(ann, 'POST', '/api/recurring-posts', body({ content: '', platforms: [] }));
    expect(res.json()).toMatchObject({
      code: 'RECURRING_INCOMPLETE',
      message: 'Please fill in all required fields',
    });
  });

  it('keeps a start in 1900 as sent', async () => {
    now = new Date('2026-05-01T00:00:00Z');
    const rule = await create(bob, { startDate: '1900-01-01T09:00:00Z', frequency: 'monthly' });
    expect(rule.startDate).toBe('1900-01-01T09:00:00.000Z');
    await call(bob, 'DELETE', `/api/recurring-posts/${rule.id}`);
  });

  it(`keeps at most ${RECURRING_POSTS_MAX} recurring posts per user, however many are created at once`, async () => {
    now = new Date('2026-05-01T00:00:00Z');
    const { cap } = await signedInUsers(t, 'cap');
    // Starting next month: no occurrence falls within the horizon, so no post is made.
    const answers = await Promise.all(
      Array.from({ length: RECURRING_POSTS_MAX + 10 }, () =>
        call(cap, 'POST', '/api/recurring-posts', body({ startDate: '2026-06-01T09:00:00+02:00' })),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(RECURRING_POSTS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const refused = answers.find((res) => res.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'TOO_MANY_RECURRING_POSTS', params: { max: RECURRING_POSTS_MAX } });
    expect(refused.message).toContain(String(RECURRING_POSTS_MAX));
    expect((await call(cap, 'GET', '/api/recurring-posts')).json().data).toHaveLength(RECURRING_POSTS_MAX);
  }, 60_000);

  it("keeps a rule's per-network versions, judges each network by its version, and gives them to each occurrence", async () => {
    now = new Date('2026-05-04T05:00:00Z');
    const { cid } = await signedInUsers(t, 'cid');
    const long = `<p>${'z'.repeat(310)}</p>`;
    // Too long for Bluesky as it stands; Bluesky's own version is short, LinkedIn takes the text for all.
    const rule = await create(cid, {
      content: long,
      platforms: ['bluesky', 'linkedin'],
      versions: [{ platform: 'bluesky', content: '<p>Short tips</p>' }],
    });
    expect(rule.versions).toEqual([
      { platform: 'bluesky', account: null, content: '<p>Short tips</p>', media: null },
    ]);
    const [made] = await postsOf(rule.id);
    const post = await call(cid, 'GET', `/api/posts/${made!.id}`);
    expect(post.json().versions).toEqual(rule.versions);
    expect(post.json().content).toBe(long);
    // Without the version it is too long for Bluesky; a version for a network not chosen is a 400.
    const tooLong = await call(
      cid,
      'POST',
      '/api/recurring-posts',
      body({ content: long, platforms: ['bluesky'] }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().problems).toEqual([
      expect.objectContaining({ platform: 'bluesky', code: 'too_long' }),
    ]);
    const stray = await call(
      cid,
      'POST',
      '/api/recurring-posts',
      body({ versions: [{ platform: 'linkedin', content: '<p>x</p>' }] }),
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toEqual({ versions: 'posts.versionNotChosen' });
    // Editing the version changes what an approval binds to.
    const edited = await call(cid, 'PUT', `/api/recurring-posts/${rule.id}`, {
      ...body({ content: long, platforms: ['bluesky', 'linkedin'] }),
      versions: [{ platform: 'bluesky', content: '<p>Shorter tips</p>' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<RecurringPost>().contentHash).not.toBe(rule.contentHash);
  });
});
