import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';

/**
 * The calendar's range call keeps each month it serialised until the database announces a change to
 * that user's posts, networks, media or accounts (migration 0008), from whichever process.
 */
describe('the calendar range, kept between changes', () => {
  const now = new Date('2026-03-20T09:00:00Z');
  const month = '/api/posts?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z';
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
  });
  afterAll(() => t.close());

  const schedule = (cookie: string, text: string) =>
    call(cookie, 'POST', '/api/posts', {
      content: `<p>${text}</p>`,
      platforms: ['bluesky', 'twitter'],
      action: 'schedule',
      scheduledAt: '2026-03-28T14:30:00+01:00',
      timezone: 'Europe/Paris',
    });
  const cards = async (cookie: string) =>
    ((await call(cookie, 'GET', month)).json() as { data: { card: string }[] }).data.map((p) => p.card);
  /** Changes a post behind the triggers' back, so that only a kept answer can still show the old text. */
  const rewriteSilently = async (from: string, to: string) => {
    await t.ctx.database.executeSql(`
      begin;
      set local session_replication_role = replica;
      update posts set content_html = '<p>${to}</p>' where content_html = '<p>${from}</p>';
      commit;`);
  };

  it('answers with an ETag, and 304 to a browser that already has that month', async () => {
    expect((await schedule(ann, 'first')).statusCode).toBe(201);
    const first = await call(ann, 'GET', month);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await t.app.inject({
      method: 'GET',
      url: month,
      headers: { cookie: ann, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another tag (an older month) gets the whole answer.
    const stale = await t.app.inject({
      method: 'GET',
      url: month,
      headers: { cookie: ann, 'if-none-match': '"x"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('keeps a month until a change is announced, and only that user’s', async () => {
    await schedule(bob, 'bob kept');
    // The write's own notice heard first: one arriving during the next read rightly keeps nothing of it.
    await t.ctx.changes.sync();
    expect(await cards(bob)).toEqual(['bob kept']);
    await rewriteSilently('bob kept', 'bob rewritten');
    await t.ctx.changes.sync();
    // Nothing announced: the kept month is what comes back.
    expect(await cards(bob)).toEqual(['bob kept']);
    // Ann's new post is announced for Ann, not for Bob.
    await schedule(ann, 'second');
    expect(await cards(bob)).toEqual(['bob kept']);
    // Asked right after its own write, with no wait for the database's notice.
    expect((await cards(ann)).sort()).toEqual(['first', 'second']);
    // A change to one of Bob's networks, made with SQL as a worker process would, is announced.
    await t.ctx.database.executeSql(
      `update post_targets set status = 'failed', last_error = 'gone' where post_id in (select id from posts where content_html = '<p>bob rewritten</p>') and platform = 'twitter'`,
    );
    await t.ctx.changes.sync();
    const [post] = (await call(bob, 'GET', month)).json().data;
    expect(post.card).toBe('bob rewritten');
    expect(post.targets.find((x: { platform: string }) => x.platform === 'twitter')).toMatchObject({
      status: 'failed',
      lastError: 'gone',
    });
  });

  it('keeps a month through changes to other days, and drops it for a change inside it', async () => {
    const carol = (await signedInUsers(t, 'carol')).carol;
    await schedule(carol, 'carol kept');
    await t.ctx.changes.sync();
    expect(await cards(carol)).toEqual(['carol kept']);
    await rewriteSilently('carol kept', 'carol rewritten');
    await t.ctx.changes.sync();
    // A draft without a date (an autosave), a post in May and one moved from May to April: outside March.
    const draft = await call(carol, 'POST', '/api/posts', {
      content: '<p>autosaved</p>',
      platforms: ['bluesky'],
      action: 'draft',
      timezone: 'UTC',
    });
    expect(draft.statusCode).toBe(201);
    const may = await call(carol, 'POST', '/api/posts', {
      content: '<p>in May</p>',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: '2026-05-04T10:00:00Z',
      timezone: 'UTC',
    });
    expect(may.statusCode).toBe(201);
    expect(
      (await call(carol, 'POST', `/api/posts/${may.json().id}/reschedule`, { date: '2026-04-20' }))
        .statusCode,
    ).toBe(200);
    await t.ctx.database.executeSql(`update posts set content_html = '<p>draft edited with SQL</p>'
      where content_html = '<p>autosaved</p>'`);
    await t.ctx.changes.sync();
    expect(await cards(carol)).toEqual(['carol kept']);
    // Moving the April post into March concerns March: its old day and its new one are both announced.
    expect(
      (await call(carol, 'POST', `/api/posts/${may.json().id}/reschedule`, { date: '2026-03-30' }))
        .statusCode,
    ).toBe(200);
    expect((await cards(carol)).sort()).toEqual(['carol rewritten', 'in May']);
    // And out of March again, with SQL as another process would: March drops it.
    await t.ctx.database.executeSql(`update posts set scheduled_at = '2026-06-01T10:00:00Z'
      where content_html = '<p>in May</p>'`);
    await t.ctx.changes.sync();
    expect(await cards(carol)).toEqual(['carol rewritten']);
  });

  it('shows an account that needs reconnecting on the kept month at once', async () => {
    await t.ctx.database.executeSql(
      `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials, status)
       select (select w.id from workspaces w where w.personal_of = users.id), id, 'bluesky', 'did:plc:ann', 'ann.test', 'sealed', 'needs_reconnect' from users where email = 'ann@example.com'`,
    );
    await t.ctx.changes.sync();
    const data = (await call(ann, 'GET', month)).json().data as {
      targets: { platform: string; blocked: string }[];
    }[];
    for (const post of data)
      expect(post.targets.find((x) => x.platform === 'bluesky')?.blocked).toBe('needs_reconnect');
  });

  it("answers a post's networks as they are after an account changed, whichever process changed it", async () => {
    const { dan } = await signedInUsers(t, 'dan');
    type Answer = { id: string; targets: { platform: string; blocked: string | null }[] };
    const blockedOf = (post: Answer) => post.targets.map((x) => `${x.platform} ${x.blocked}`);
    const first = (await schedule(dan, 'before connecting')).json() as Answer;
    expect(blockedOf(first)).toEqual(['bluesky not_connected', 'twitter not_connected']);
    // Connected with SQL, as another process would: the next answers know it.
    await t.ctx.database.executeSql(
      `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
       select (select w.id from workspaces w where w.personal_of = users.id), id, 'bluesky', 'did:plc:dan', 'dan.test', 'sealed' from users where email = 'dan@example.com'`,
    );
    await t.ctx.changes.sync();
    const second = (await schedule(dan, 'after connecting')).json() as Answer;
    expect(blockedOf(second)).toEqual(['bluesky null', 'twitter not_connected']);
    expect(blockedOf((await call(dan, 'GET', `/api/posts/${first.id}`)).json() as Answer)).toEqual([
      'bluesky null',
      'twitter not_connected',
    ]);
    // Scheduling more posts (changes that say their days) keeps what was read; losing the account does not.
    await t.ctx.database.executeSql(
      `update social_connections set status = 'needs_reconnect'
        where user_id = (select id from users where email = 'dan@example.com')`,
    );
    await t.ctx.changes.sync();
    const third = (await schedule(dan, 'after losing it')).json() as Answer;
    expect(blockedOf(third)).toEqual(['bluesky needs_reconnect', 'twitter not_connected']);
  });

  it('checks a remembered session again once its user or session changed', async () => {
    const admins = '/api/users';
    expect((await call(bob, 'GET', admins)).statusCode).toBe(403);
    await t.ctx.database.executeSql(`update users set role = 'admin' where email = 'bob@example.com'`);
    await t.ctx.changes.sync();
    expect((await call(bob, 'GET', admins)).statusCode).toBe(200);

    expect((await call(bob, 'GET', month)).statusCode).toBe(200);
    await t.ctx.database.executeSql(
      `delete from sessions where user_id = (select id from users where email = 'bob@example.com')`,
    );
    await t.ctx.changes.sync();
    expect((await call(bob, 'GET', month)).statusCode).toBe(401);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'keeps nothing while the notices are lost, and nothing from before once they are back',
    async () => {
      const week = '/api/posts?from=2026-03-22T00:00:00Z&to=2026-03-29T00:00:00Z';
      const weekCards = async () =>
        ((await call(ann, 'GET', week)).json() as { data: { card: string }[] }).data.map((p) => p.card);
      expect(await weekCards()).toContain('second');
      await t.ctx.database.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'`,
      );
      await expect.poll(() => t.ctx.changes.current()).toBeUndefined();
      // Deaf: every call reads the database.
      await rewriteSilently('first', 'first, deaf');
      expect(await cards(ann)).toContain('first, deaf');
      await rewriteSilently('first, deaf', 'first, deaf again');
      expect(await cards(ann)).toContain('first, deaf again');
      await rewriteSilently('second', 'second, deaf');

      await expect.poll(() => t.ctx.changes.current(), { timeout: 10_000 }).toBeDefined();
      // The week kept before the loss is not trusted after it.
      expect(await weekCards()).toContain('second, deaf');
    },
  );
});
