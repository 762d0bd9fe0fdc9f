import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  personalWorkspace,
  requestAs,
  signIn,
  type TestApp,
} from '../../../test/test-app';

describe('dashboard and drafts', () => {
  const now = new Date('2026-03-20T09:00:00Z');
  let t: TestApp;
  let call: ReturnType<typeof requestAs>;
  let ann: string;
  let bob: string;
  let cat: string;
  let annId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    call = requestAs(t);
    annId = (await createUser(t.ctx, { email: 'ann@example.com' })).id;
    await createUser(t.ctx, { email: 'bob@example.com' });
    await createUser(t.ctx, { email: 'cat@example.com' });
    ann = await signIn(t.app, 'ann@example.com');
    bob = await signIn(t.app, 'bob@example.com');
    cat = await signIn(t.app, 'cat@example.com');
  });
  afterAll(() => t.close());

  const post = async (cookie: string, text: string, overrides: object = {}) => {
    const res = await call(cookie, 'POST', '/api/posts', {
      content: `<p>${text}</p>`,
      platforms: ['bluesky', 'twitter'],
      action: 'schedule',
      scheduledAt: '2026-03-22T10:00:00Z',
      timezone: 'UTC',
      ...overrides,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** What the worker would have written: each network's outcome, set directly. */
  const settle = (id: string, sql: string, params: unknown[] = []) =>
    t.ctx.database.executeSql(sql.replace('$post', '$1'), [id, ...params]);
  const dashboard = async (cookie: string) => {
    const res = await call(cookie, 'GET', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const cards = (list: { items: { card: string }[] }) => list.items.map((i) => i.card);

  it('is empty for a user who has nothing yet, and only then', async () => {
    expect(await dashboard(cat)).toEqual({
      upcoming: { items: [], total: 0 },
      recent: { items: [], total: 0 },
      failures: { items: [], total: 0 },
      reconnect: [],
      awaiting: { items: [], total: 0 },
      awaitingRecurring: 0,
      drafts: { items: [], total: 0 },
    });
    expect((await call(cat, 'GET', '/api/posts/drafts')).json()).toEqual({ data: [], total: 0 });
  });

  it('lists the next seven days soonest first, with each network and what stands in its way', async () => {
    await post(ann, 'In two days');
    await post(ann, 'Tomorrow', { scheduledAt: '2026-03-21T08:00:00Z', platforms: ['bluesky'] });
    await post(ann, 'Next month', { scheduledAt: '2026-04-20T08:00:00Z' });
    await post(ann, 'Dated draft', { action: 'draft', scheduledAt: '2026-03-21T07:00:00Z' });
    await post(bob, 'Bob tomorrow', { scheduledAt: '2026-03-21T06:00:00Z' });

    const { upcoming } = await dashboard(ann);
    expect(cards(upcoming)).toEqual(['Tomorrow', 'In two days']);
    expect(upcoming.total).toBe(2);
    expect(upcoming.items[0]).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-03-21T08:00:00.000Z',
      at: '2026-03-21T08:00:00.000Z',
      targets: [{ platform: 'bluesky', status: 'pending', blocked: 'not_connected' }],
    });
    expect(cards((await dashboard(bob)).upcoming)).toEqual(['Bob tomorrow']);
  });

  it('shows results newest first with the live links, and failures with their reasons', async () => {
    const published = await post(ann, 'Went out');
    await settle(
      published,
      `update post_targets set status = 'published', remote_url = 'https://bsky.app/profile/ann/post/' || platform,
              published_at = '2026-03-19T10:00:00Z' where post_id = $post`,
    );
    await settle(published, `update posts set status = 'published' where id = $post`);
    const partly = await post(ann, 'Half <strong>out</strong>');
    await settle(
      partly,
      `update post_targets set
              status = case platform when 'bluesky' then 'published' else 'failed' end,
              remote_url = case platform when 'bluesky' then 'https://bsky.app/profile/ann/post/2'
                                         else 'javascript:alert(1)' end,
              published_at = case platform when 'bluesky' then '2026-03-19T12:00:00Z'::timestamptz end,
              last_error = case platform when 'twitter' then 'Your X account needs reconnecting.' end,
              last_error_code = case platform when 'twitter' then 'needs_reconnect' end,
              updated_at = '2026-03-19T12:00:00Z'
        where post_id = $post`,
    );
    await settle(partly, `update posts set status = 'partially_failed' where id = $post`);
    const failed = await post(ann, 'Never out', { platforms: ['linkedin'] });
    await settle(
      failed,
      `update post_targets set status = 'failed', last_error = 'Duplicate post', updated_at = '2026-03-18T08:00:00Z'
        where post_id = $post`,
    );
    await settle(failed, `update posts set status = 'failed' where id = $post`);

    const board = await dashboard(ann);
    expect(cards(board.recent)).toEqual(['Half <strong>out</strong>', 'Went out']);
    expect(board.recent.items[0].targets).toEqual([
      {
        platform: 'bluesky',
        status: 'published',
        remoteUrl: 'https://bsky.app/profile/ann/post/2',
        publishedAt: '2026-03-19T12:00:00.000Z',
      },
      // A link that is not a web link is never handed to the page.
      {
        platform: 'twitter',
        status: 'failed',
        lastError: 'Your X account needs reconnecting.',
        lastErrorCode: 'needs_reconnect',
      },
    ]);
    expect(cards(board.failures)).toEqual(['Half <strong>out</strong>', 'Never out']);
    expect(board.failures.items[0].at).toBe('2026-03-19T12:00:00.000Z');
    expect(board.failures.items[1].targets).toEqual([
      { platform: 'linkedin', status: 'failed', lastError: 'Duplicate post' },
    ]);
    expect(board.upcoming.total).toBe(2);

    // Retry takes a post out of the failures: its failed network is pending again.
    expect((await call(ann, 'POST', `/api/posts/${failed}/retry`)).statusCode).toBe(200);
    const after = await dashboard(ann);
    expect(cards(after.failures)).toEqual(['Half <strong>out</strong>']);
    expect(after.failures.total).toBe(1);

    const other = await dashboard(bob);
    expect(other.recent).toEqual({ items: [], total: 0 });
    expect(other.failures).toEqual({ items: [], total: 0 });
  });

  it('names the accounts that need reconnecting, and marks the waiting posts that go to them', async () => {
    const connection = await t.ctx.connectionsRepo.upsert({
      workspaceId: (await personalWorkspace(t.ctx, annId)).id,
      userId: annId,
      platform: 'bluesky',
      accountId: 'did:plc:ann',
      username: 'ann.bsky.social',
      credentials: 'sealed',
      tokenExpiresAt: null,
    });
    expect((await dashboard(ann)).reconnect).toEqual([]);
    await t.ctx.connectionsRepo.markNeedsReconnect(connection.id, 'The app password was revoked.');
    const board = await dashboard(ann);
    expect(board.reconnect).toEqual([
      { platform: 'bluesky', username: 'ann.bsky.social', reason: 'The app password was revoked.' },
    ]);
    expect(board.upcoming.items[0].targets[0]).toMatchObject({
      platform: 'bluesky',
      blocked: 'needs_reconnect',
    });
    expect((await dashboard(bob)).reconnect).toEqual([]);
  });

  it('keeps every draft, dated or not, newest first, a page at a time', async () => {
    const undated = await post(ann, 'Undated idea', {
      action: 'draft',
      scheduledAt: undefined,
      platforms: [],
    });
    const second = await post(ann, 'Second idea', { action: 'draft', scheduledAt: undefined });
    // Written in this order, each a minute after the other (the dated draft came first, above).
    await t.ctx.database.executeSql(
      `update posts set updated_at = case id when $1 then '2026-03-20T09:01:00Z'::timestamptz
                                             when $2 then '2026-03-20T09:02:00Z'::timestamptz
                                             else '2026-03-20T09:00:00Z'::timestamptz end
        where status = 'draft'`,
      [undated, second],
    );
    await post(bob, 'Bob idea', { action: 'draft', scheduledAt: undefined });

    const all = (await call(ann, 'GET', '/api/posts/drafts')).json();
    expect(all.total).toBe(3);
    expect(all.data.map((d: { card: string }) => d.card)).toEqual([
      'Second idea',
      'Undated idea',
      'Dated draft',
    ]);
    expect(all.data[0]).toMatchObject({
      scheduledAt: null,
      platforms: ['bluesky', 'twitter'],
      mediaCount: 0,
      updatedAt: '2026-03-20T09:02:00.000Z',
    });
    expect(all.data[2].scheduledAt).toBe('2026-03-21T07:00:00.000Z');

    const page = (await call(ann, 'GET', '/api/posts/drafts?limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 3, data: [{ card: 'Dated draft' }] });
    expect((await call(ann, 'GET', '/api/posts/drafts?offset=10')).json()).toEqual({ data: [], total: 3 });

    const { drafts } = await dashboard(ann);
    expect(drafts.total).toBe(3);
    expect(cards(drafts)).toEqual(['Second idea', 'Undated idea', 'Dated draft']);
    expect((await call(bob, 'GET', '/api/posts/drafts')).json()).toMatchObject({
      total: 1,
      data: [{ card: 'Bob idea' }],
    });
  });

  it('refuses a malformed page, naming the field', async () => {
    const res = await call(ann, 'GET', '/api/posts/drafts?limit=500&offset=-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ limit: 'errors.validation', offset: 'errors.validation' });
  });
});
