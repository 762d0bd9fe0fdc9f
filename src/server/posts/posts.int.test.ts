import { eq } from 'drizzle-orm';
import type { Post } from '../../shared/api/posts.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';
import { CARD_MAX } from '../../shared/card-html';
import { users } from '../db/schema';

describe('posts', () => {
  const now = new Date('2026-03-20T09:00:00Z');
  let t: TestApp;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    await createUser(t.ctx, { email: 'ann@example.com' });
    await createUser(t.ctx, { email: 'bob@example.com' });
    ann = await signIn(t.app, 'ann@example.com');
    bob = await signIn(t.app, 'bob@example.com');
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const schedule = (cookie: string, overrides: object = {}) =>
    call(cookie, 'POST', '/api/posts', {
      content: '<p>Launch <strong>day</strong></p>',
      platforms: ['bluesky', 'twitter'],
      action: 'schedule',
      scheduledAt: '2026-03-28T14:30:00+01:00',
      timezone: 'Europe/Paris',
      ...overrides,
    });

  it('schedules a post with a pending target per network', async () => {
    const res = await schedule(ann);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      content: '<p>Launch <strong>day</strong></p>',
      platforms: ['bluesky', 'twitter'],
      scheduledAt: '2026-03-28T13:30:00.000Z',
      timezone: 'Europe/Paris',
      targets: [
        {
          platform: 'bluesky',
          status: 'pending',
          attempts: 0,
          remoteUrl: null,
          lastError: null,
          publishedAt: null,
        },
        {
          platform: 'twitter',
          status: 'pending',
          attempts: 0,
          remoteUrl: null,
          lastError: null,
          publishedAt: null,
        },
      ],
    });
  });

  it('stores the HTML harmless', async () => {
    const res = await schedule(ann, {
      content: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:x()">there</a></p>',
    });
    expect(res.json().content).toBe(
      '<p>Hi <a target="_blank" rel="noopener noreferrer nofollow">there</a></p>',
    );
  });

  it('keeps a draft incomplete, but refuses to schedule an incomplete post', async () => {
    const draft = await call(ann, 'POST', '/api/posts', {
      content: '',
      platforms: [],
      action: 'draft',
      timezone: 'UTC',
    });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', scheduledAt: null, platforms: [] });

    const empty = await schedule(ann, { content: '<p> </p>', platforms: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'POST_INCOMPLETE',
      message: 'Please complete all required fields.',
      fields: { content: 'posts.contentRequired', platforms: 'posts.platformsRequired' },
    });
  });

  it("refuses to schedule what a network would refuse, naming each network's problem", async () => {
    const res = await schedule(ann, {
      content: `<p>${'x'.repeat(290)}</p>`,
      platforms: ['twitter', 'bluesky', 'instagram'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('POST_NOT_PUBLISHABLE');
    expect(res.json().problems).toEqual([
      { platform: 'twitter', code: 'too_long', max: 280, length: 290 },
      { platform: 'instagram', code: 'needs_media' },
    ]);
  });

  it('names every malformed field', async () => {
    const res = await call(ann, 'POST', '/api/posts', {
      content: 'x',
      platforms: ['myspace', 'bluesky'],
      action: 'later',
      scheduledAt: 'tomorrow',
      timezone: 'Mars/Olympus',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'platforms.0': 'posts.platformInvalid',
      action: 'posts.actionInvalid',
      scheduledAt: 'posts.scheduledAtInvalid',
      timezone: 'posts.timezoneInvalid',
    });
    const past = await schedule(ann, { scheduledAt: '2026-03-01T10:00:00Z' });
    expect(past.json().fields).toEqual({ scheduledAt: 'posts.scheduledAtPast' });
    const missing = await schedule(ann, { scheduledAt: undefined });
    expect(missing.json().fields).toEqual({ scheduledAt: 'posts.scheduledAtRequired' });
  });

  it('refuses a date in the years 0–1899, which the date parsers read as 19xx (it was kept as 1950)', async () => {
    for (const scheduledAt of ['0050-05-04T10:00:00Z', '0099-12-31T23:00:00+02:00', '1899-12-31T12:00:00Z']) {
      const res = await call(ann, 'POST', '/api/posts', {
        content: '<p>Ancient</p>',
        platforms: ['bluesky'],
        action: 'draft',
        timezone: 'UTC',
        scheduledAt,
      });
      expect(res.statusCode, scheduledAt).toBe(400);
      expect(res.json().fields).toEqual({ scheduledAt: 'posts.dateTooEarly' });
    }
  });

  it("lists a range of the owner's posts only, and refuses ranges that are backwards or over a year", async () => {
    await schedule(bob, { scheduledAt: '2026-03-28T10:00:00Z' });
    const month = await call(ann, 'GET', '/api/posts?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z');
    expect(month.statusCode).toBe(200);
    expect(month.json().data).toHaveLength(2);
    expect(
      month.json().data.every((p: { scheduledAt: string }) => p.scheduledAt.startsWith('2026-03-28')),
    ).toBe(true);
    const backwards = await call(ann, 'GET', '/api/posts?from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z');
    expect(backwards.json().fields).toEqual({ to: 'posts.rangeInvalid' });
    const tooLong = await call(ann, 'GET', '/api/posts?from=2026-01-01T00:00:00Z&to=2027-01-03T00:00:00Z');
    expect(tooLong.json().fields).toEqual({ to: 'posts.rangeTooLong' });
  });

  it('lists a month as calendar cards: the card HTML, cut when long; the whole post is GET /api/posts/:id', async () => {
    const long = `<p onclick="x()">${'Lorem ipsum &amp; dolor '.repeat(10)}</p><ul><li><strong>end</strong></li></ul>`;
    const created = await schedule(ann, {
      content: long,
      platforms: ['twitter'],
      scheduledAt: '2026-04-10T08:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    const { id, content } = created.json();
    const short = (
      await call(ann, 'POST', '/api/posts', {
        content: '<h1>Short</h1><p>and <em>sweet</em><img src=x onerror=alert(1)></p>',
        platforms: ['bluesky'],
        action: 'draft',
        scheduledAt: '2026-04-11T08:00:00Z',
        timezone: 'UTC',
      })
    ).json();

    const april = await call(ann, 'GET', '/api/posts?from=2026-04-01T00:00:00Z&to=2026-05-01T00:00:00Z');
    expect(april.statusCode).toBe(200);
    const [cut, whole] = april.json().data;
    // Nothing but what a card shows: no content, media, zone, timestamps or empty target fields.
    expect(cut).toEqual({
      id,
      status: 'scheduled',
      scheduledAt: '2026-04-10T08:00:00.000Z',
      card: `${'Lorem ipsum &amp; dolor '.repeat(8).trimEnd()}…`,
      targets: [{ platform: 'twitter', status: 'pending', blocked: 'not_connected' }],
    });
    expect([...cut.card.replace(/&amp;/g, '&')]).toHaveLength(CARD_MAX);
    // A draft's targets are not blocked: nothing is due yet.
    expect(whole).toEqual({
      id: short.id,
      status: 'draft',
      scheduledAt: '2026-04-11T08:00:00.000Z',
      card: 'Short and <em>sweet</em>',
      targets: [{ platform: 'bluesky', status: 'pending' }],
    });

    const full = await call(ann, 'GET', `/api/posts/${id}`);
    expect(full.json()).toMatchObject({
      id,
      content,
      platforms: ['twitter'],
      timezone: 'Europe/Paris',
      media: [],
      targets: [
        { platform: 'twitter', attempts: 0, remoteUrl: null, lastError: null, blocked: 'not_connected' },
      ],
    });
    expect(content).toContain('<strong>end</strong>');
  });

  it('shows on the card when a target retries and why one failed, as the whole post does', async () => {
    const created = await schedule(ann, {
      platforms: ['bluesky', 'linkedin', 'twitter'],
      scheduledAt: '2026-06-03T10:00:00Z',
    });
    const { id } = created.json();
    await t.ctx.database.executeSql(
      `update post_targets set status = case platform when 'bluesky' then 'retrying' when 'twitter' then 'failed' else status end,
              next_attempt_at = case platform when 'bluesky' then '2026-06-03T10:05:30.250Z'::timestamptz end,
              last_error = case platform when 'linkedin' then null else 'Rate limited' end,
              last_error_code = case platform when 'twitter' then 'token_invalid' end
        where post_id = $1`,
      [id],
    );
    const june = await call(ann, 'GET', '/api/posts?from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z');
    const [card] = june.json().data;
    expect(card.targets).toEqual([
      {
        platform: 'bluesky',
        status: 'retrying',
        blocked: 'not_connected',
        nextAttemptAt: '2026-06-03T10:05:30.250Z',
        lastError: 'Rate limited',
      },
      { platform: 'linkedin', status: 'pending', blocked: 'not_connected' },
      { platform: 'twitter', status: 'failed', lastError: 'Rate limited', lastErrorCode: 'token_invalid' },
    ]);
    const full = (await call(ann, 'GET', `/api/posts/${id}`)).json();
    expect(full.targets[0]).toMatchObject({
      nextAttemptAt: '2026-06-03T10:05:30.250Z',
      lastError: 'Rate limited',
    });
  });

  it("answers 404 for another user's post, whatever the method", async () => {
    const mine = (await schedule(ann)).json().id;
    for (const [method, url, body] of [
      ['GET', `/api/posts/${mine}`],
      ['PUT', `/api/posts/${mine}`, { content: 'x', platforms: [], action: 'draft', timezone: 'UTC' }],
      ['POST', `/api/posts/${mine}/reschedule`, { date: '2026-04-02' }],
      ['DELETE', `/api/posts/${mine}`],
    ] as const) {
      expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(ann, 'GET', `/api/posts/${mine}`)).statusCode).toBe(200);
  });

  it('reschedules to another day at the same time of day in the post zone, across a DST change', async () => {
    // 14:30 in Paris on 28 March is 13:30 UTC; on 30 March (summer time) 14:30 is 12:30 UTC.
    const id = (await schedule(ann)).json().id;
    const moved = await call(ann, 'POST', `/api/posts/${id}/reschedule`, { date: '2026-03-30' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().scheduledAt).toBe('2026-03-30T12:30:00.000Z');
    expect(
      (await call(ann, 'POST', `/api/posts/${id}/reschedule`, { date: '2026-02-30' })).json().fields,
    ).toEqual({ date: 'posts.dateInvalid' });
    expect(
      (await call(ann, 'POST', `/api/posts/${id}/reschedule`, { date: '2026-03-01' })).json().fields,
    ).toEqual({ date: 'posts.scheduledAtPast' });
  });

  it('reschedules to another day and time, on the clock of the zone given, which becomes the post zone', async () => {
    const id = (await schedule(ann)).json().id;
    const moved = await call(ann, 'POST', `/api/posts/${id}/reschedule`, {
      date: '2026-03-31',
      time: '09:15',
      timezone: 'America/New_York',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // 09:15 in New York on 31 March (summer time, UTC−4) is 13:15 UTC.
    expect(moved.json()).toMatchObject({
      scheduledAt: '2026-03-31T13:15:00.000Z',
      timezone: 'America/New_York',
    });
    // Without a zone, the time is read on the post's own clock.
    const again = await call(ann, 'POST', `/api/posts/${id}/reschedule`, {
      date: '2026-04-01',
      time: '23:45',
    });
    expect(again.json().scheduledAt).toBe('2026-04-02T03:45:00.000Z');
    for (const time of ['24:00', '9:15', '09:60', '0915', '09:15:00'])
      expect(
        (await call(ann, 'POST', `/api/posts/${id}/reschedule`, { date: '2026-04-01', time })).json().fields,
        time,
      ).toEqual({ time: 'posts.timeInvalid' });
    const zone = await call(ann, 'POST', `/api/posts/${id}/reschedule`, {
      date: '2026-04-01',
      time: '10:00',
      timezone: 'Mars/Olympus',
    });
    expect(zone.json().fields).toEqual({ timezone: 'posts.timezoneInvalid' });
  });

  it('duplicates a post as a draft with its networks, its date when still ahead; never another user’s', async () => {
    const original = (await schedule(ann)).json<Post>();
    const res = await call(ann, 'POST', `/api/posts/${original.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Post>();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      status: 'draft',
      content: original.content,
      platforms: original.platforms,
      scheduledAt: original.scheduledAt,
      timezone: 'Europe/Paris',
    });
    expect(copy.targets.map((target) => target.status)).toEqual(['pending', 'pending']);
    expect((await call(bob, 'POST', `/api/posts/${original.id}/duplicate`)).statusCode).toBe(404);
    expect((await call(ann, 'GET', `/api/posts/${original.id}`)).json().status).toBe('scheduled');
  });

  it('updates a post and starts its targets over; deletes it', async () => {
    const id = (await schedule(ann)).json().id;
    const updated = await call(ann, 'PUT', `/api/posts/${id}`, {
      content: '<p>Changed</p>',
      platforms: ['linkedin'],
      action: 'publish_now',
      timezone: 'Europe/Paris',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      content: '<p>Changed</p>',
      platforms: ['linkedin'],
      status: 'scheduled',
      scheduledAt: now.toISOString(),
    });
    expect((await call(ann, 'DELETE', `/api/posts/${id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/api/posts/${id}`)).statusCode).toBe(404);
  });

  it('lets an ended trial keep drafts but not schedule', async () => {
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    await t.ctx.database.db
      .update(users)
      .set({ trialEndsAt: new Date('2026-03-19T00:00:00Z') })
      .where(eq(users.id, row!.id));
    // A session checked before is remembered until the database's notice of the change arrives.
    await t.ctx.changes.sync();
    const refused = await schedule(bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_ENDED' });
    expect(
      (
        await call(bob, 'POST', '/api/posts', {
          content: '<p>idea</p>',
          platforms: ['bluesky'],
          action: 'draft',
          timezone: 'UTC',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps per-network versions, judges each network by what it receives, and names a bad version', async () => {
    // Her own posts: the range tests count Ann's.
    await createUser(t.ctx, { email: 'vera@example.com' });
    const vera = await signIn(t.app, 'vera@example.com');
    const long = `<p>${'x'.repeat(290)}</p>`;
    // The post is too long for X, but X has a short version of its own: the post may be scheduled.
    const res = await schedule(vera, {
      content: long,
      platforms: ['twitter', 'bluesky', 'linkedin'],
      versions: [
        { platform: 'twitter', content: '<p>Short for X <script>alert(1)</script></p>' },
        { platform: 'bluesky', content: '<p>For Bluesky</p>' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<Post>();
    expect(post.content).toBe(long);
    expect(post.versions).toEqual([
      { platform: 'twitter', account: null, content: '<p>Short for X </p>', media: null },
      { platform: 'bluesky', account: null, content: '<p>For Bluesky</p>', media: null },
    ]);
    expect((await call(vera, 'GET', `/api/posts/${post.id}`)).json().versions).toEqual(post.versions);
    // A version changes what an approval binds to.
    const again = await call(vera, 'PUT', `/api/posts/${post.id}`, {
      content: long,
      platforms: ['twitter', 'bluesky', 'linkedin'],
      action: 'schedule',
      scheduledAt: '2026-03-28T14:30:00+01:00',
      timezone: 'Europe/Paris',
      versions: [{ platform: 'twitter', content: '<p>Short for X</p>' }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Post>().contentHash).not.toBe(post.contentHash);
    expect(again.json<Post>().versions.map((v) => v.platform)).toEqual(['twitter']);
    // The copy keeps them.
    const copy = (await call(vera, 'POST', `/api/posts/${post.id}/duplicate`)).json<Post>();
    expect(copy.versions).toEqual(again.json<Post>().versions);

    // A version too long for its network is that network's problem only.
    const tooLong = await schedule(vera, {
      content: '<p>Fine</p>',
      platforms: ['twitter', 'linkedin'],
      versions: [{ platform: 'twitter', content: long }],
    });
    expect(tooLong.json().problems).toEqual([
      { platform: 'twitter', code: 'too_long', max: 280, length: 290 },
    ]);
    // An empty post whose every network has a version is complete; one without is not.
    const versionsOnly = await schedule(vera, {
      content: '',
      platforms: ['twitter'],
      versions: [{ platform: 'twitter', content: '<p>Only this</p>' }],
    });
    expect(versionsOnly.statusCode, versionsOnly.body).toBe(201);
    const half = await schedule(vera, {
      content: '',
      platforms: ['twitter', 'bluesky'],
      versions: [{ platform: 'twitter', content: '<p>Only this</p>' }],
    });
    expect(half.json().fields).toEqual({ content: 'posts.contentRequired' });

    // A network not chosen, twice the same network, a file not of the post, an unknown network.
    const bad = async (versions: object[], field: string) => {
      const answer = await schedule(vera, { versions });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().fields).toEqual({ versions: field });
    };
    await bad([{ platform: 'linkedin', content: 'x' }], 'posts.versionNotChosen');
    await bad(
      [
        { platform: 'twitter', content: 'a' },
        { platform: 'twitter', content: 'b' },
      ],
      'posts.versionsDuplicate',
    );
    await bad(
      [{ platform: 'twitter', content: 'a', media: ['6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b2c'] }],
      'posts.versionMediaUnknown',
    );
    const unknown = await schedule(vera, { versions: [{ platform: 'myspace', content: 'a' }] });
    expect(unknown.json().fields).toEqual({ 'versions.0.platform': 'posts.platformInvalid' });
  });

  it("keeps an account's own version beside its network's, judged and hashed apart", async () => {
    await createUser(t.ctx, { email: 'walt@example.com' });
    const walt = await signIn(t.app, 'walt@example.com');
    for (const [accountId, username] of [
      ['301', 'brand'],
      ['302', 'shop'],
    ])
      await t.ctx.database.executeSql(
        `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
         select (select w.id from workspaces w where w.personal_of = users.id), id, 'twitter', '${accountId}',
                '${username}', 'sealed' from users where email = 'walt@example.com'`,
      );
    await t.ctx.changes.sync();
    const accounts = (await call(walt, 'GET', '/api/social/accounts')).json<{
      data: { id: string; username: string }[];
    }>().data;
    const [brand, shop] = ['brand', 'shop'].map((name) => accounts.find((a) => a.username === name)!.id) as [
      string,
      string,
    ];
    const long = `<p>${'y'.repeat(290)}</p>`;
    const body = {
      content: '<p>For all</p>',
      platforms: ['twitter'],
      accounts: [brand, shop],
      versions: [
        { platform: 'twitter', content: '<p>For X</p>' },
        { platform: 'twitter', account: brand, content: '<p>For the brand</p>' },
      ],
    };
    const made = await schedule(walt, body);
    expect(made.statusCode, made.body).toBe(201);
    const post = made.json<Post>();
    expect(post.versions).toEqual([
      { platform: 'twitter', account: null, content: '<p>For X</p>', media: null },
      { platform: 'twitter', account: brand, content: '<p>For the brand</p>', media: null },
    ]);
    // Stored by the network's id of the account, as targets are.
    const { rows } = await t.ctx.database.executeSql(`select versions from posts where id = '${post.id}'`);
    expect((rows[0] as { versions: { account?: string }[] }).versions.map((v) => v.account ?? null)).toEqual([
      null,
      '301',
    ]);
    // An account's version too long is a problem; the network's text is judged for the shop alone.
    const tooLong = await schedule(walt, {
      ...body,
      versions: [{ platform: 'twitter', account: shop, content: long }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().problems).toEqual([
      { platform: 'twitter', code: 'too_long', max: 280, length: 290 },
    ]);
    // The text for all may be long when every account has a version of its own.
    const covered = await schedule(walt, {
      ...body,
      content: long,
      versions: [
        { platform: 'twitter', account: brand, content: '<p>Brand</p>' },
        { platform: 'twitter', account: shop, content: '<p>Shop</p>' },
      ],
    });
    expect(covered.statusCode, covered.body).toBe(201);
    // An account's version changes the approval's hash; one for an account not chosen, or twice, is a 400.
    const other = await schedule(walt, { ...body, versions: body.versions.slice(0, 1) });
    expect(other.json<Post>().contentHash).not.toBe(post.contentHash);
    const bad = async (versions: object[], accountsChosen: string[], field: string) => {
      const answer = await schedule(walt, { ...body, accounts: accountsChosen, versions });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().fields).toEqual({ versions: field });
    };
    await bad([{ platform: 'twitter', account: shop, content: 'a' }], [brand], 'posts.versionNotChosen');
    await bad(
      [{ platform: 'bluesky', account: shop, content: 'a' }],
      [brand, shop],
      'posts.versionNotChosen',
    );
    await bad(
      [
        { platform: 'twitter', account: shop, content: 'a' },
        { platform: 'twitter', account: shop, content: 'b' },
      ],
      [brand, shop],
      'posts.versionsDuplicate',
    );
    // Another workspace's account is not one to name.
    const vera = await signIn(t.app, 'vera@example.com');
    const foreign = await schedule(vera, {
      content: '<p>x</p>',
      platforms: ['twitter'],
      versions: [{ platform: 'twitter', account: brand, content: 'a' }],
    });
    expect(foreign.json().fields).toEqual({ versions: 'posts.versionNotChosen' });
  });
});
