import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evergreen } from '../../shared/api/evergreen.schemas';
import type { Post } from '../../shared/api/posts.schemas';
import { type Call, callAs } from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';

/**
 * Issue 27: evergreen recycling. The app's clock is set by each step; ann has an X account with a queue
 * (weekdays 09:00 and 15:00 Berlin) and a Bluesky account without one. A target "goes out" here by its
 * row being marked published: the publishing core has its own tests.
 */
let now = new Date('2027-03-22T07:00:00Z'); // a Monday, 08:00 in Berlin
const later = (days: number, minutes = 0) =>
  (now = new Date(now.getTime() + days * 86_400_000 + minutes * 60_000));

describe('evergreen posts', () => {
  let t: TestApp;
  let ann: Call;
  let bob: Call;
  let accounts: { id: string; platform: string }[];

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '1000' }, { clock: () => now });
    const cookies = await signedInUsers(t, 'ann', 'bob');
    ann = callAs(t, cookies.ann);
    bob = callAs(t, cookies.bob);
    for (const [platform, id, name] of [
      ['twitter', '101', 'bloom_brand'],
      ['bluesky', 'did:plc:bloom', 'bloom.bsky.social'],
    ])
      await t.ctx.database.executeSql(
        `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
         select (select w.id from workspaces w where w.personal_of = users.id), id, $1, $2, $3, 'sealed'
           from users where email = 'ann@example.com'`,
        [platform, id, name],
      );
    await t.ctx.changes.sync();
    accounts = (await ann('GET', '/api/social/accounts')).json<{ data: typeof accounts }>().data;
    const x = accounts.find((a) => a.platform === 'twitter')!;
    const times = [0, 1, 2, 3, 4].flatMap((day) => [
      { day, time: '09:00' },
      { day, time: '15:00' },
    ]);
    const res = await ann('PUT', `/api/social/accounts/${x.id}/schedule`, {
      timezone: 'Europe/Berlin',
      times,
      paused: false,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const round = (workers = 1) =>
    Promise.all(Array.from({ length: workers }, () => t.ctx.evergreen.recycleDue()));
  const schedule = async (content: string, platforms: string[]) => {
    const res = await ann('POST', '/api/posts', {
      content,
      platforms,
      action: 'schedule',
      scheduledAt: new Date(now.getTime() + 3_600_000).toISOString(),
      timezone: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Post>();
  };
  /** Every target of these posts went out now. */
  const publish = async (ids: string[]) => {
    await t.ctx.database.executeSql(
      `update post_targets set status = 'published', published_at = $2, due_at = null
        where post_id = any($1::uuid[])`,
      [ids, now],
    );
    await t.ctx.database.executeSql(`update posts set status = 'published' where id = any($1::uuid[])`, [
      ids,
    ]);
  };
  const copiesOf = async (postId: string) =>
    (
      await t.ctx.database.executeSql(
        `select p.id, p.content_html, p.status, p.scheduled_at, p.evergreen_round, t.platform
           from posts p join post_targets t on t.post_id = p.id
          where p.evergreen_id = (select id from evergreen_posts where post_id = $1)
          order by p.evergreen_round, t.platform`,
        [postId],
      )
    ).rows as {
      id: string;
      content_html: string;
      status: string;
      scheduled_at: Date;
      evergreen_round: number;
      platform: string;
    }[];
  const ruleOf = async (postId: string) =>
    (await ann('GET', `/api/posts/${postId}/evergreen`)).json<{ data: Evergreen | null }>().data;

  it('recycles a post after it went out, leaves X out when its text would repeat, and uses a variant when there is one', async () => {
    const post = await schedule('<p>How to keep tulips fresh</p>', ['twitter', 'bluesky']);
    expect(await ruleOf(post.id)).toBeNull();
    const set = await ann('PUT', `/api/posts/${post.id}/evergreen`, { everyDays: 7, maxTimes: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Evergreen>()).toMatchObject({ state: 'waiting', times: 0, nextAt: null, everyDays: 7 });
    // Not before it went out.
    later(8);
    await round();
    expect(await copiesOf(post.id)).toEqual([]);

    await publish([post.id]);
    const shared = now;
    expect(await ruleOf(post.id)).toMatchObject({
      state: 'due',
      lastSharedAt: shared.toISOString(),
      nextAt: new Date(shared.getTime() + 7 * 86_400_000).toISOString(),
    });
    later(6, 23 * 60);
    await round();
    expect(await copiesOf(post.id)).toEqual([]);

    // Seven days on: Bluesky gets it again at once; X had this text last and is left out, saying why.
    later(0, 61);
    await round(2);
    const first = await copiesOf(post.id);
    expect(first).toMatchObject([
      {
        platform: 'bluesky',
        evergreen_round: 1,
        content_html: '<p>How to keep tulips fresh</p>',
        status: 'scheduled',
      },
    ]);
    expect(first[0]!.scheduled_at.getTime() - now.getTime()).toBe(2 * 60_000);
    expect(await ruleOf(post.id)).toMatchObject({
      state: 'waiting',
      times: 1,
      skipped: [{ platform: 'twitter', account: 'bloom_brand', reason: 'same_text' }],
      lastError: null,
    });

    // A variant: the next round takes it, for X too, X in its queue's next free slot.
    const withVariant = await ann('PUT', `/api/posts/${post.id}/evergreen`, {
      everyDays: 7,
      maxTimes: 3,
      variants: ['Tulips last longer in cold water'],
    });
    expect(withVariant.statusCode, withVariant.body).toBe(200);
    await publish([first[0]!.id]);
    later(7, 1);
    await round();
    const second = (await copiesOf(post.id)).filter((c) => c.evergreen_round === 2);
    expect(second.map((c) => [c.platform, c.content_html])).toEqual([
      ['bluesky', '<p>Tulips last longer in cold water</p>'],
      ['twitter', '<p>Tulips last longer in cold water</p>'],
    ]);
    const slot = second.find((c) => c.platform === 'twitter')!.scheduled_at;
    // The round ran on Tuesday 2027-04-13 at 09:02 in Berlin: the queue's next free slot is 15:00.
    expect(slot.toISOString()).toBe('2027-04-13T13:00:00.000Z');
    expect(await ruleOf(post.id)).toMatchObject({ times: 2, skipped: [] });

    // Round three: back to the post's own text, which X did not have last.
    await publish(second.map((c) => c.id));
    later(7, 1);
    await round();
    const third = (await copiesOf(post.id)).filter((c) => c.evergreen_round === 3);
    expect(third.map((c) => c.content_html)).toEqual([
      '<p>How to keep tulips fresh</p>',
      '<p>How to keep tulips fresh</p>',
    ]);
    // At most three times: then it is finished.
    await publish(third.map((c) => c.id));
    later(8);
    await round();
    expect((await copiesOf(post.id)).length).toBe(5);
    expect(await ruleOf(post.id)).toMatchObject({ state: 'finished', times: 3, nextAt: null });
  });

  it('gives each queue one waiting copy at a time, the post shared longest ago first', async () => {
    const older = await schedule('<p>Our opening hours</p>', ['twitter']);
    later(0, 5);
    const newer = await schedule('<p>Where to find us</p>', ['twitter']);
    for (const p of [older, newer])
      expect(
        (await ann('PUT', `/api/posts/${p.id}/evergreen`, { everyDays: 1, variants: ['Visit us'] }))
          .statusCode,
      ).toBe(200);
    await publish([older.id]);
    later(0, 10);
    await publish([newer.id]);
    later(2);
    await round();
    expect((await copiesOf(older.id)).length).toBe(1);
    expect(await copiesOf(newer.id)).toEqual([]);
    // The waiting copy goes out: the other takes its turn.
    await publish((await copiesOf(older.id)).map((c) => c.id));
    await round();
    expect((await copiesOf(newer.id)).length).toBe(1);
  });

  it('refuses a variant a network would refuse, naming it, and a copy made evergreen', async () => {
    const post = await schedule('<p>Short</p>', ['twitter']);
    const long = await ann('PUT', `/api/posts/${post.id}/evergreen`, {
      everyDays: 3,
      variants: ['fine', 'x'.repeat(400)],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'POST_NOT_PUBLISHABLE',
      fields: { 'variants.1': 'evergreen.variantNotPublishable' },
    });
    const empty = await ann('PUT', `/api/posts/${post.id}/evergreen`, { everyDays: 3, variants: ['  '] });
    expect(empty.json()).toMatchObject({ fields: { 'variants.0': 'evergreen.variantEmpty' } });
    for (const body of [
      { everyDays: 0 },
      { everyDays: 2.5 },
      { everyDays: 3, maxTimes: 0 },
      { everyDays: 3, until: 'soon' },
    ]) {
      const res = await ann('PUT', `/api/posts/${post.id}/evergreen`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { rows } = await t.ctx.database.executeSql(
      `select post_id from evergreen_posts where times > 0 limit 1`,
    );
    const source = (rows[0] as { post_id: string }).post_id;
    const [copy] = await copiesOf(source);
    // A copy says whose it is: that post's settings are the ones to change.
    expect((await ann('GET', `/api/posts/${copy!.id}/evergreen`)).json()).toEqual({
      data: null,
      copyOf: source,
    });
    const refused = await ann('PUT', `/api/posts/${copy!.id}/evergreen`, { everyDays: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EVERGREEN_COPY' });
  });

  it("is the workspace's own: another user sees and changes none of it", async () => {
    const post = await schedule('<p>Private</p>', ['bluesky']);
    await ann('PUT', `/api/posts/${post.id}/evergreen`, { everyDays: 5 });
    expect((await bob('GET', `/api/posts/${post.id}/evergreen`)).statusCode).toBe(404);
    expect((await bob('PUT', `/api/posts/${post.id}/evergreen`, { everyDays: 5 })).statusCode).toBe(404);
    expect((await bob('DELETE', `/api/posts/${post.id}/evergreen`)).statusCode).toBe(404);
    expect((await bob('GET', '/api/evergreen')).json()).toEqual({ data: [] });
    const list = (await ann('GET', '/api/evergreen')).json<{ data: Evergreen[] }>().data;
    expect(list.find((e) => e.postId === post.id)).toMatchObject({
      platforms: ['bluesky'],
      accounts: ['bloom.bsky.social'],
      card: 'Private',
    });
    expect((await ann('DELETE', `/api/posts/${post.id}/evergreen`)).statusCode).toBe(204);
    expect(await ruleOf(post.id)).toBeNull();
    expect((await ann('DELETE', `/api/posts/${post.id}/evergreen`)).statusCode).toBe(404);
  });
});
