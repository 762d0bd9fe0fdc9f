import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createListeningTestApp,
  createPost,
  getPost,
  postBody,
  profileOf,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { signedInUsers, type TestApp } from '../../../test/test-app';
import type { Post } from '../../shared/api/posts.schemas';
import type { RecurringPost } from '../../shared/api/recurring.schemas';
import { ACCOUNTS_PER_NETWORK_MAX, type Account } from '../../shared/api/users.schemas';
import type { Publisher } from '../publishing/publisher';

const BRAND = { id: '1500000000000000001', name: 'Postwell Test', username: 'postwell_test' };
const SHOP = { id: '1500000000000000002', name: 'Postwell Shop', username: 'postwell_shop' };

/** Issue 25: a workspace connects several accounts of one network, and each target goes to its own. */
describe('several accounts per network', () => {
  let t: TestApp & { publicUrl: string };
  let x: XFake;
  let ann: Call;
  let bob: Call;
  let publisher: Publisher;
  let brand: Account;
  let shop: Account;

  beforeAll(async () => {
    x = await startXFake({ user: BRAND });
    t = await createListeningTestApp({ ...x.env, PUBLISH_RETRY_BASE_MS: '100' });
    const cookies = await signedInUsers(t, 'ann', 'bob');
    ann = callAs(t, cookies.ann);
    bob = callAs(t, cookies.bob);
    await connectOAuth(ann, 'twitter');
    x.signInAs(SHOP);
    await connectOAuth(ann, 'twitter');
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await x?.close();
  });

  const accounts = async (call: Call) => {
    const res = await call('GET', '/api/social/accounts');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Account[] }>().data;
  };

  it('keeps both X accounts, the first connected first; the profile keeps its one account per network', async () => {
    [brand, shop] = (await accounts(ann)) as [Account, Account];
    expect([brand.username, shop.username]).toEqual(['postwell_test', 'postwell_shop']);
    expect(brand).toMatchObject({ platform: 'twitter', status: 'connected', twitterAccountType: 'standard' });
    const profile = await profileOf(ann);
    expect(profile.connections).toEqual({ twitter: { username: 'postwell_test', status: 'connected' } });
    expect(profile.accounts.map((a) => a.id)).toEqual([brand.id, shop.id]);
    expect(await accounts(bob)).toEqual([]);
  });

  it('connecting an account again renews it and keeps its id', async () => {
    await connectOAuth(ann, 'twitter');
    expect((await accounts(ann)).map((a) => a.id)).toEqual([brand.id, shop.id]);
  });

  it('publishes to the account chosen, to the first when none is, and to each when both are', async () => {
    const toShop = await createPost(ann, {
      text: 'For the shop',
      platforms: ['twitter'],
      accounts: [shop.id],
    });
    expect(toShop.accounts).toEqual([shop.id]);
    expect(toShop.targets.map((target) => target.account)).toEqual([
      { id: shop.id, username: 'postwell_shop' },
    ]);
    const toFirst = await createPost(ann, { text: 'For whoever is first', platforms: ['twitter'] });
    expect(toFirst.accounts).toEqual([]);
    expect(toFirst.targets[0]!.account).toEqual({ id: brand.id, username: 'postwell_test' });
    // A chosen account brings its network along.
    const toBoth = await createPost(ann, { text: 'For both', platforms: [], accounts: [brand.id, shop.id] });
    expect(toBoth.platforms).toEqual(['twitter']);
    expect(toBoth.targets).toHaveLength(2);

    for (const post of [toShop, toFirst, toBoth])
      expect((await waitUntilSettled(ann, post.id)).status).toBe('published');
    const authors = (text: string) => x.postsWithText(text).map((tweet) => tweet.authorId);
    expect(authors('For the shop')).toEqual([SHOP.id]);
    expect(authors('For whoever is first')).toEqual([BRAND.id]);
    expect(authors('For both').sort()).toEqual([BRAND.id, SHOP.id]);
  });

  it("refuses another workspace's account by name, and stores nothing", async () => {
    const res = await bob('POST', '/api/posts', {
      ...postBody({ text: 'Not mine', platforms: ['twitter'], inMs: 3_600_000 }),
      accounts: [shop.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { accounts: 'posts.accountUnknown' },
    });
    const drafts = await bob('GET', '/api/posts/drafts');
    expect(drafts.json().total).toBe(0);
  });

  it('a recurring post keeps its accounts, and its occurrences go to them', async () => {
    const res = await ann('POST', '/api/recurring-posts', {
      content: '<p>Weekly from the shop</p>',
      platforms: ['twitter'],
      accounts: [shop.id],
      media: [],
      startDate: new Date(Date.now() + 3_600_000).toISOString(),
      frequency: 'weekly',
      interval: 1,
      weekdays: [],
      timezone: 'UTC',
    });
    expect(res.statusCode, res.body).toBe(201);
    const rule = res.json<RecurringPost>();
    expect(rule.accounts).toEqual([shop.id]);
    const { rows } = await t.ctx.database.executeSql(
      `select t.account_id from post_targets t join posts p on p.id = t.post_id where p.recurring_id = $1`,
      [rule.id],
    );
    expect(rows).toEqual([{ account_id: SHOP.id }]);
  });

  it('sets one X account type, and refuses one that is not an X account', async () => {
    const set = await ann('PUT', `/api/social/accounts/${shop.id}/settings`, { accountType: 'professional' });
    expect(set.statusCode, set.body).toBe(204);
    const types = Object.fromEntries((await accounts(ann)).map((a) => [a.username, a.twitterAccountType]));
    expect(types).toEqual({ postwell_test: 'standard', postwell_shop: 'professional' });
    const other = await bob('PUT', `/api/social/accounts/${shop.id}/settings`, { accountType: 'standard' });
    expect(other.statusCode).toBe(404);
    const bad = await ann('PUT', `/api/social/accounts/not-an-id/settings`, { accountType: 'standard' });
    expect(bad.statusCode).toBe(400);
  });

  it('disconnecting one account holds only the posts chosen for it; connecting it again frees them', async () => {
    const waiting = await createPost(ann, {
      text: 'Later, for the shop',
      platforms: ['twitter'],
      accounts: [shop.id],
      inMs: 3_600_000,
    });
    const other = await createPost(ann, {
      text: 'Later, for the brand',
      platforms: ['twitter'],
      inMs: 3_600_000,
    });
    expect((await bob('DELETE', `/api/social/accounts/${shop.id}`)).statusCode).toBe(404);
    const gone = await ann('DELETE', `/api/social/accounts/${shop.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await accounts(ann)).map((a) => a.username)).toEqual(['postwell_test']);

    const held = await getPost(ann, waiting.id);
    expect(held.targets[0]).toMatchObject({ account: null, blocked: 'not_connected' });
    expect(held.accounts).toEqual([]);
    expect((await getPost(ann, other.id)).targets[0]).toMatchObject({ blocked: null });
    const range = await ann(
      'GET',
      `/api/posts?from=${new Date(Date.now()).toISOString()}&to=${new Date(Date.now() + 7_200_000).toISOString()}`,
    );
    const cards = range.json<{ data: { id: string; targets: { account?: string; blocked?: string }[] }[] }>()
      .data;
    expect(cards.find((c) => c.id === waiting.id)!.targets[0]).toEqual(
      expect.objectContaining({ blocked: 'not_connected' }),
    );
    expect(cards.find((c) => c.id === other.id)!.targets[0]!.account).toBe('postwell_test');

    // Edited meanwhile without naming an account of X (a client has no id for a disconnected one), it
    // still waits for its own account, never moving to the brand's.
    const edited = await ann('PUT', `/api/posts/${waiting.id}`, {
      ...postBody({ text: 'Later, for the shop (edited)', platforms: ['twitter'], inMs: 3_600_000 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Post>().targets[0]).toMatchObject({ account: null, blocked: 'not_connected' });

    // The same account connected again (a new connection): the post chosen for it goes to it again.
    await connectOAuth(ann, 'twitter');
    const back = (await getPost(ann, waiting.id)).targets[0]!;
    expect(back.account?.username).toBe('postwell_shop');
    expect(back.blocked).toBeNull();
  });

  it(`connects at most ${ACCOUNTS_PER_NETWORK_MAX} accounts of one network`, async () => {
    const { rows } = await t.ctx.database.executeSql(
      `select workspace_id, user_id, credentials from social_connections where username = 'postwell_test'`,
    );
    const [row] = rows as { workspace_id: string; user_id: string; credentials: string }[];
    for (let i = 0; i < ACCOUNTS_PER_NETWORK_MAX - 2; i++)
      await t.ctx.database.executeSql(
        `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
         values ($1, $2, 'twitter', $3, $4, $5)`,
        [row!.workspace_id, row!.user_id, `99${i}`, `filler${i}`, row!.credentials],
      );
    x.signInAs({ id: '1500000000000000003', name: 'One too many', username: 'postwell_extra' });
    const { startConnect, followConsent, callback } = await import('../../../test/publishing-helpers');
    const back = await followConsent(await startConnect(ann, 'twitter'));
    expect(await callback(ann, 'twitter', back.search)).toMatch(/connect=too_many$/);
    expect((await accounts(ann)).some((a) => a.username === 'postwell_extra')).toBe(false);
    // An account already there still renews.
    x.signInAs(BRAND);
    await connectOAuth(ann, 'twitter');
  });

  it('answers an unknown or foreign account id with 404, and a malformed one with 400', async () => {
    const unknown = await ann('DELETE', '/api/social/accounts/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_CONNECTED');
    expect((await ann('DELETE', '/api/social/accounts/1')).statusCode).toBe(400);
  });

  it('keeps each post shaped as the API says', async () => {
    const post = await createPost(ann, { text: 'Shape', platforms: ['twitter'], inMs: 3_600_000 });
    const read: Post = await getPost(ann, post.id);
    expect(read.targets[0]!.account?.username).toBe('postwell_test');
  });
});
