import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';
import { CUSTOM_HASHTAGS_MAX } from '../../shared/api/hashtags.schemas';

describe('hashtags', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    // Room for the cap's 510 adds in a minute; the rate itself is tested in http/creation-rate.
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' });
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
  });
  afterAll(() => t.close());

  it('lists the five built-in categories', async () => {
    const res = (await call(ann, 'GET', '/api/hashtags')).json();
    expect(Object.keys(res.categories)).toEqual([
      'business',
      'marketing',
      'technology',
      'lifestyle',
      'creative',
    ]);
    expect(res).toMatchObject({ custom: {}, recent: [] });
  });

  it('adds custom tags normalised, per user, and finds them in suggestions', async () => {
    const added = await call(ann, 'POST', '/api/hashtags/custom', {
      tag: '  #LaunchDay ',
      category: 'marketing',
    });
    expect(added.json().custom).toEqual({ marketing: ['launchday'] });
    // The keyword itself first, then the workspace's own tag; another workspace sees only the keyword.
    expect((await call(ann, 'GET', '/api/hashtags/suggestions?q=launch')).json().data).toEqual([
      'launch',
      'launchday',
    ]);
    expect((await call(bob, 'GET', '/api/hashtags/suggestions?q=launch')).json().data).toEqual(['launch']);
    expect((await call(ann, 'GET', '/api/hashtags/suggestions?q=')).json().data).toEqual([]);
    const removed = await call(ann, 'DELETE', '/api/hashtags/custom/marketing/launchday');
    expect(removed.json().custom).toEqual({});
    expect((await call(ann, 'DELETE', '/api/hashtags/custom/marketing/launchday')).statusCode).toBe(404);
  });

  it('names a bad tag or category', async () => {
    const res = await call(ann, 'POST', '/api/hashtags/custom', { tag: '#', category: 'food' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ tag: 'hashtags.tagRequired', category: 'hashtags.categoryRequired' });
    expect(
      (await call(ann, 'POST', '/api/hashtags/custom', { tag: 'two words', category: 'business' })).json()
        .fields,
    ).toEqual({ tag: 'hashtags.tagInvalid' });
  });

  it('keeps the ten most recently used tags, newest first, without duplicates', async () => {
    for (let i = 1; i <= 12; i++) await call(ann, 'POST', '/api/hashtags/recent', { tag: `tag${i}` });
    const again = await call(ann, 'POST', '/api/hashtags/recent', { tag: '#TAG5' });
    expect(again.json().recent).toEqual([
      'tag5',
      'tag12',
      'tag11',
      'tag10',
      'tag9',
      'tag8',
      'tag7',
      'tag6',
      'tag4',
      'tag3',
    ]);
    expect((await call(bob, 'GET', '/api/hashtags')).json().recent).toEqual([]);
  });

  it(`keeps at most ${CUSTOM_HASHTAGS_MAX} custom tags per user, however many are added at once`, async () => {
    const { cap } = await signedInUsers(t, 'cap');
    const categories = ['business', 'marketing', 'technology', 'lifestyle', 'creative'];
    const answers = await Promise.all(
      Array.from({ length: CUSTOM_HASHTAGS_MAX + 10 }, (_, i) =>
        call(cap, 'POST', '/api/hashtags/custom', { tag: `tag${i}`, category: categories[i % 5] }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CUSTOM_HASHTAGS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const refused = answers.find((res) => res.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'TOO_MANY_HASHTAGS', params: { max: CUSTOM_HASHTAGS_MAX } });
    expect(refused.message).toContain(String(CUSTOM_HASHTAGS_MAX));
    const custom: Record<string, string[]> = (await call(cap, 'GET', '/api/hashtags')).json().custom;
    expect(Object.values(custom).flat()).toHaveLength(CUSTOM_HASHTAGS_MAX);

    // A tag already there is no new one: adding it again is answered as before.
    const [category, tags] = Object.entries(custom)[0]!;
    const again = await call(cap, 'POST', '/api/hashtags/custom', { tag: tags[0], category });
    expect(again.statusCode).toBe(200);
  }, 60_000);

  it("suggests the tags of the workspace's best-performing posts, the best first, and no entity as a tag", async () => {
    const seed = async (html: string, likes: number) =>
      t.ctx.database.executeSql(
        `with u as (select id, (select w.id from workspaces w where w.personal_of = users.id) as ws
                      from users where email = 'ann@example.com'),
              p as (insert into posts (workspace_id, user_id, content_html, status, scheduled_at)
                    select ws, id, $1, 'published', now() from u returning id, workspace_id, user_id),
              tg as (insert into post_targets (post_id, platform, status, published_at)
                     select id, 'bluesky', 'published', now() from p returning id, post_id)
         insert into target_latest_metrics (target_id, workspace_id, user_id, platform, published_at, likes, shares, comments)
         select tg.id, p.workspace_id, p.user_id, 'bluesky', now(), $2, 1, 1 from tg join p on p.id = tg.post_id`,
        [html, likes],
      );
    await seed('<p>Morning #Espresso and #beans, it&#39;s &#x27;good&#x27;</p>', 50);
    await seed('<p>Evening #beans #latteart</p>', 5);
    const state = (await call(ann, 'GET', '/api/hashtags')).json();
    expect(state.popular).toEqual(['beans', 'espresso', 'latteart']);
    expect((await call(bob, 'GET', '/api/hashtags')).json().popular).toEqual([]);
    const found = (await call(ann, 'GET', '/api/hashtags/suggestions?q=lat')).json().data;
    expect(found[0]).toBe('lat');
    expect(found).toContain('latteart');
    const words = await call(
      ann,
      'GET',
      `/api/hashtags/suggestions?text=${encodeURIComponent('Roasting coffee today')}`,
    );
    expect(words.json().data).toEqual(['roasting', 'coffee', 'today']);
  });
});
