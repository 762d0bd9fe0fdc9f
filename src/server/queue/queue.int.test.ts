import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type Call } from '../../../test/publishing-helpers';
import {
  createTestApp,
  memberCaller,
  signedInUsers,
  teamWorkspace,
  type TestApp,
} from '../../../test/test-app';
import type { Post } from '../../shared/api/posts.schemas';
import type { Queue } from '../../shared/api/queue.schemas';
import type { Account } from '../../shared/api/users.schemas';

/**
 * Issue 26: posting schedules and queues. The app's clock is fixed: Monday 2027-03-22 08:00 in Berlin
 * (UTC+1 until the change on Sunday the 28th), moved by the tests that need time to pass.
 */
let now = new Date('2027-03-22T07:00:00Z');
const WEEKDAYS = [0, 1, 2, 3, 4];
const workdays = (...times: string[]) => WEEKDAYS.flatMap((day) => times.map((time) => ({ day, time })));

describe('posting schedules and queues', () => {
  let t: TestApp;
  let ann: Call;
  let bob: Call;
  let brand: Account;
  let shop: Account;

  const connect = async (email: string, accountId: string, username: string) => {
    await t.ctx.database.executeSql(
      `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
       select (select w.id from workspaces w where w.personal_of = users.id), id, 'twitter', '${accountId}',
              '${username}', 'sealed' from users where email = '${email}'`,
    );
    await t.ctx.changes.sync();
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    const cookies = await signedInUsers(t, 'ann', 'bob');
    ann = callAs(t, cookies.ann);
    bob = callAs(t, cookies.bob);
    await connect('ann@example.com', '101', 'brand');
    await connect('ann@example.com', '102', 'shop');
    [brand, shop] = (await ann('GET', '/api/social/accounts')).json<{ data: Account[] }>().data as [
      Account,
      Account,
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const queueBody = (text: string, extra: object = {}) => ({
    content: `<p>${text}</p>`,
    platforms: ['twitter'],
    accounts: [brand.id],
    action: 'queue',
    timezone: 'Europe/Berlin',
    ...extra,
  });
  const enqueue = async (text: string, extra: object = {}) => {
    const res = await ann('POST', '/api/posts', queueBody(text, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Post[] }>().data;
  };
  const readQueue = async (account = brand, call = ann) => {
    const res = await call('GET', `/api/social/accounts/${account.id}/queue?slots=12`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Queue>();
  };
  /** The queue as "time text" lines, posts only. */
  const lines = async (account = brand) =>
    (await readQueue(account)).slots
      .filter((s) => s.post)
      .map((s) => `${s.at.slice(5, 16)} ${s.post!.card.replace(/<[^>]+>/g, '')}`);
  const setSchedule = (body: object, account = brand, call = ann) =>
    call('PUT', `/api/social/accounts/${account.id}/schedule`, body);
  const dueTimes = async (postId: string) => {
    const { rows } = await t.ctx.database.executeSql(
      `select due_at from post_targets where post_id = '${postId}'`,
    );
    return (rows as { due_at: Date | string | null }[]).map((r) =>
      r.due_at === null ? null : new Date(r.due_at).toISOString(),
    );
  };

  it('refuses to queue for an account without a schedule, naming it', async () => {
    expect((await ann('GET', `/api/social/accounts/${brand.id}/schedule`)).json()).toBeNull();
    const res = await ann('POST', '/api/posts', queueBody('No slots'));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_POSTING_SCHEDULE', params: { account: 'brand' } });
    const { rows } = await t.ctx.database.executeSql(`select count(*)::int as n from posts`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('checks a schedule field by field', async () => {
    const bad = async (body: object, field: string, key: string) => {
      const res = await setSchedule(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toMatchObject({ [field]: key });
    };
    await bad(
      { timezone: 'Europe/Berlin', times: [{ day: 7, time: '09:00' }] },
      'times.0.day',
      'queue.dayInvalid',
    );
    await bad(
      { timezone: 'Europe/Berlin', times: [{ day: 1, time: '24:00' }] },
      'times.0.time',
      'posts.timeInvalid',
    );
    await bad(
      {
        timezone: 'Europe/Berlin',
        times: [
          { day: 1, time: '09:00' },
          { day: 1, time: '09:00' },
        ],
      },
      'times',
      'queue.timesDuplicate',
    );
    await bad({ timezone: 'Mars/Olympus', times: [] }, 'timezone', 'posts.timezoneInvalid');
    const many = Array.from({ length: 85 }, (_, i) => ({ day: i % 7, time: `0${i % 10}:${10 + (i % 49)}` }));
    await bad({ timezone: 'Europe/Berlin', times: many }, 'times', 'queue.tooManyTimes');
  });

  it('puts each post in the first free slot, due then', async () => {
    const set = await setSchedule({ timezone: 'Europe/Berlin', times: workdays('09:00', '12:30', '17:00') });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ timezone: 'Europe/Berlin', paused: false });
    const [first] = await enqueue('one');
    await enqueue('two');
    await enqueue('three');
    expect(first!.scheduledAt).toBe('2027-03-22T08:00:00.000Z');
    expect(first!.status).toBe('scheduled');
    expect(await dueTimes(first!.id)).toEqual(['2027-03-22T08:00:00.000Z']);
    expect(await lines()).toEqual(['03-22T08:00 one', '03-22T11:30 two', '03-22T16:00 three']);
    const queue = await readQueue();
    expect(queue.queued).toBe(3);
    expect(queue.slots[3]).toEqual({ at: '2027-03-23T08:00:00.000Z', post: null, skipped: false });
  });

  it('shares next: the new post first, the others a slot later each', async () => {
    await enqueue('urgent', { queuePosition: 'next' });
    expect(await lines()).toEqual([
      '03-22T08:00 urgent',
      '03-22T11:30 one',
      '03-22T16:00 two',
      '03-23T08:00 three',
    ]);
  });

  it('reorders: the posts take the slots in the order given; a stale order is a 409', async () => {
    const ids = (await readQueue()).slots.filter((s) => s.post).map((s) => s.post!.id);
    const reversed = [...ids].reverse();
    const res = await ann('PUT', `/api/social/accounts/${brand.id}/queue/order`, { posts: reversed });
    expect(res.statusCode, res.body).toBe(204);
    expect(await lines()).toEqual([
      '03-22T08:00 three',
      '03-22T11:30 two',
      '03-22T16:00 one',
      '03-23T08:00 urgent',
    ]);
    const stale = await ann('PUT', `/api/social/accounts/${brand.id}/queue/order`, { posts: ids.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('QUEUE_CHANGED');
    const dup = await ann('PUT', `/api/social/accounts/${brand.id}/queue/order`, { posts: [ids[0], ids[0]] });
    expect(dup.statusCode).toBe(400);
  });

  it('skips a slot: its post and those after it move on; taken back, the slot is free again', async () => {
    const skip = (at: string, skipped: boolean) =>
      ann('PUT', `/api/social/accounts/${brand.id}/queue/skips`, { at, skipped });
    expect((await skip('2027-03-22T11:30:00.000Z', true)).statusCode).toBe(204);
    expect(await lines()).toEqual([
      '03-22T08:00 three',
      '03-22T16:00 two',
      '03-23T08:00 one',
      '03-23T11:30 urgent',
    ]);
    expect((await readQueue()).slots[1]).toEqual({
      at: '2027-03-22T11:30:00.000Z',
      post: null,
      skipped: true,
    });
    // Not a slot of the schedule, or gone by.
    const off = await skip('2027-03-22T10:00:00.000Z', true);
    expect(off.statusCode).toBe(400);
    expect(off.json().fields).toEqual({ at: 'queue.slotInvalid' });
    expect((await skip('2027-03-15T08:00:00.000Z', true)).statusCode).toBe(400);
    expect((await skip('2027-03-22T11:30:00.000Z', false)).statusCode).toBe(204);
    const [filler] = await enqueue('filler');
    expect(filler!.scheduledAt).toBe('2027-03-22T11:30:00.000Z');
  });

  it('lets go of a slot when its post is deleted, moved or sent back to draft, and keeps it through an edit', async () => {
    const posts = (await readQueue()).slots.filter((x) => x.post).map((x) => x.post!);
    const three = posts.find((p) => p.card.includes('three'))!;
    expect((await ann('DELETE', `/api/posts/${three.id}`)).statusCode).toBe(204);
    const [extra] = await enqueue('extra');
    expect(extra!.scheduledAt).toBe('2027-03-22T08:00:00.000Z');
    // An edit of the text at the same time stays in the queue.
    const edit = await ann('PUT', `/api/posts/${extra!.id}`, {
      ...queueBody('extra, edited'),
      action: 'schedule',
      scheduledAt: extra!.scheduledAt,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await lines())[0]).toBe('03-22T08:00 extra, edited');
    // Moved to another time, it is a post of its own: the slot is free.
    const moved = await ann('POST', `/api/posts/${extra!.id}/reschedule`, {
      date: '2027-04-10',
      time: '08:00',
      timezone: 'Europe/Berlin',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await readQueue()).slots[0]).toMatchObject({ at: '2027-03-22T08:00:00.000Z', post: null });
    expect((await lines()).some((line) => line.includes('extra'))).toBe(false);
  });

  it('moves the queued posts to a new schedule in their order, never into the past or two in a slot', async () => {
    now = new Date('2027-03-22T09:00:00Z');
    const res = await setSchedule({ timezone: 'Europe/Berlin', times: workdays('10:00') });
    expect(res.statusCode, res.body).toBe(200);
    // Monday's 10:00 (09:00Z) is gone by as the change is made.
    expect(await lines()).toEqual([
      '03-23T09:00 filler',
      '03-24T09:00 two',
      '03-25T09:00 one',
      '03-26T09:00 urgent',
    ]);
    // 10:00 in Berlin stays 10:00 across the change to summer time on the 28th.
    const [next] = await enqueue('after the change');
    expect(next!.scheduledAt).toBe('2027-03-29T08:00:00.000Z');
    const refused = await setSchedule({ timezone: 'Europe/Berlin', times: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ times: 'queue.timesRequired' });
  });

  it('pauses: the queued posts are held; resumed later, they take the slots from then on', async () => {
    const paused = await setSchedule({ timezone: 'Europe/Berlin', times: workdays('10:00'), paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    const queued = (await readQueue()).slots.filter((x) => x.post).map((x) => x.post!);
    for (const post of queued) expect(await dueTimes(post.id)).toEqual([null]);
    // A post added while paused takes its slot and is held too.
    const [held] = await enqueue('while paused');
    expect(await dueTimes(held!.id)).toEqual([null]);
    now = new Date('2027-03-24T12:00:00Z');
    // Held posts in slots gone by are still listed, first.
    expect((await lines())[0]).toBe('03-23T09:00 filler');
    const resumed = await setSchedule({ timezone: 'Europe/Berlin', times: workdays('10:00') });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await lines()).toEqual([
      '03-25T09:00 filler',
      '03-26T09:00 two',
      '03-29T08:00 one',
      '03-30T08:00 urgent',
      '03-31T08:00 after the change',
      '04-01T08:00 while paused',
    ]);
    const first = (await readQueue()).slots.find((x) => x.post)!.post!;
    expect(await dueTimes(first.id)).toEqual(['2027-03-25T09:00:00.000Z']);
  });

  it('queues a post for two accounts as one post in each queue', async () => {
    await setSchedule({ timezone: 'UTC', times: [{ day: 3, time: '15:00' }] }, shop);
    const made = await enqueue('both', { accounts: [brand.id, shop.id] });
    expect(made.map((p) => [p.accounts, p.scheduledAt])).toEqual([
      [[brand.id], '2027-04-02T08:00:00.000Z'],
      [[shop.id], '2027-03-25T15:00:00.000Z'],
    ]);
    expect(await lines(shop)).toEqual(['03-25T15:00 both']);
  });

  it('gives two posts added at once two slots', async () => {
    await setSchedule(
      {
        timezone: 'UTC',
        times: [
          { day: 3, time: '15:00' },
          { day: 4, time: '15:00' },
        ],
      },
      shop,
    );
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ann('POST', '/api/posts', queueBody(`at once ${i}`, { accounts: [shop.id] })),
      ),
    );
    for (const res of made) expect(res.statusCode, res.body).toBe(201);
    const times = made.map((res) => res.json<{ data: Post[] }>().data[0]!.scheduledAt);
    expect(new Set(times).size).toBe(12);
    const { rows } = await t.ctx.database.executeSql(
      `select count(*)::int as n, count(distinct slot_at)::int as slots from queue_slots where account_id = '102'`,
    );
    expect(rows).toEqual([{ n: 13, slots: 13 }]);
  });

  it('lists the free slots of running queues, and cards say queued or held', async () => {
    const range = '/api/queue/free-slots?from=2027-03-24T00:00:00Z&to=2027-04-07T00:00:00Z';
    const free = async (call = ann) => {
      const res = await call('GET', range);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ data: { at: string; accounts: { id: string; username: string }[] }[] }>()
        .data.map((s) => `${s.at.slice(5, 16)} ${s.accounts.map((a) => a.username).join(' ')}`);
    };
    // Brand's queue holds every workday up to Friday the 2nd; shop's every slot of the fortnight.
    expect(await free()).toEqual(['04-05T08:00 brand', '04-06T08:00 brand']);
    // A post of the account's own at a slot's time takes it off the list; a skip does too.
    const own = await ann('POST', '/api/posts', {
      ...queueBody('by hand'),
      action: 'schedule',
      scheduledAt: '2027-04-05T08:00:00.000Z',
    });
    expect(own.statusCode, own.body).toBe(201);
    const skip = await ann('PUT', `/api/social/accounts/${brand.id}/queue/skips`, {
      at: '2027-04-06T08:00:00.000Z',
      skipped: true,
    });
    expect(skip.statusCode, skip.body).toBe(204);
    expect(await free()).toEqual([]);
    await ann('PUT', `/api/social/accounts/${brand.id}/queue/skips`, {
      at: '2027-04-06T08:00:00.000Z',
      skipped: false,
    });
    expect(await free()).toEqual(['04-06T08:00 brand']);

    const cards = async () =>
      (await ann('GET', '/api/posts?from=2027-03-24T00:00:00Z&to=2027-04-07T00:00:00Z'))
        .json<{ data: { card: string; queue?: string }[] }>()
        .data.map((c) => `${c.card.replace(/<[^>]+>/g, '')}: ${c.queue ?? '-'}`);
    expect(await cards()).toContain('by hand: -');
    expect(await cards()).toContain('two: queued');
    // Paused, brand's posts are held and say so; its slots are not offered.
    await setSchedule({ timezone: 'Europe/Berlin', times: workdays('10:00'), paused: true });
    expect(await cards()).toContain('two: paused');
    expect(await cards()).toContain('by hand: -');
    expect(await free()).toEqual([]);
    await setSchedule({ timezone: 'Europe/Berlin', times: workdays('10:00') });
    expect(await cards()).toContain('two: queued');

    // Another workspace's slots are not listed; a range the wrong way round is a 400 naming it.
    expect(await free(bob)).toEqual([]);
    const wrong = await ann('GET', '/api/queue/free-slots?from=2027-04-07T00:00:00Z&to=2027-03-24T00:00:00Z');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ to: 'posts.rangeInvalid' });
  });

  it("keeps other workspaces' queues out of reach and changes to those who may move others' posts", async () => {
    expect((await bob('GET', `/api/social/accounts/${brand.id}/queue`)).statusCode).toBe(404);
    expect(
      (await bob('PUT', `/api/social/accounts/${brand.id}/schedule`, { timezone: 'UTC', times: [] }))
        .statusCode,
    ).toBe(404);
    const bad = await bob('GET', `/api/social/accounts/not-an-id/queue`);
    expect(bad.statusCode).toBe(400);
    const team = await teamWorkspace(t, 'Team', 'cat', { dee: 'contributor', eve: 'reviewer' });
    const as = memberCaller(
      () => t,
      team.cookies,
      () => team.workspace,
    );
    await t.ctx.database.executeSql(
      `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
       values ('${team.workspace}', '${team.ids.cat}', 'twitter', '201', 'team', 'sealed')`,
    );
    await t.ctx.changes.sync();
    const [account] = (await as('cat', 'GET', '/api/social/accounts')).json<{ data: Account[] }>().data;
    const url = `/api/social/accounts/${account!.id}/schedule`;
    const body = { timezone: 'UTC', times: [{ day: 0, time: '09:00' }] };
    expect((await as('dee', 'PUT', url, body)).statusCode).toBe(403);
    expect((await as('eve', 'PUT', url, body)).statusCode).toBe(403);
    expect((await as('cat', 'PUT', url, body)).statusCode).toBe(200);
    expect((await as('eve', 'GET', `/api/social/accounts/${account!.id}/queue`)).statusCode).toBe(200);
    // Every member reads the workspace's free slots: the team's account alone, none of Ann's.
    const free = await as(
      'eve',
      'GET',
      '/api/queue/free-slots?from=2027-03-24T00:00:00Z&to=2027-04-07T00:00:00Z',
    );
    expect(free.statusCode, free.body).toBe(200);
    expect(
      new Set(
        free
          .json<{ data: { accounts: { username: string }[] }[] }>()
          .data.flatMap((s) => s.accounts.map((a) => a.username)),
      ),
    ).toEqual(new Set(['team']));
    expect(
      (await as('eve', 'PUT', `/api/social/accounts/${account!.id}/queue/order`, { posts: [] })).statusCode,
    ).toBe(403);
    // A contributor adds to the queue; the brand's account of another workspace is not theirs to name.
    const added = await as('dee', 'POST', '/api/posts', {
      ...queueBody('from dee'),
      accounts: [account!.id],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ data: Post[] }>().data[0]!.scheduledAt).toBe('2027-03-29T09:00:00.000Z');
    const foreign = await as('dee', 'POST', '/api/posts', queueBody('not ours'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ accounts: 'posts.accountUnknown' });
  });
});
