import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkSettings, ShortLink, ShortLinkList } from '../../shared/api/links.schemas';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import { type Call, callAs, connectOAuth, waitForPost } from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import type { Publisher } from '../publishing/publisher';

/**
 * Issue 27: short links and UTM. A post with an address goes out to X (a fake on 127.0.0.1) through the
 * worker with the workspace's preset on: X receives a short link, which leads to the address with its UTM
 * parameters, and counts people's clicks apart from crawlers'.
 */
describe('short links', () => {
  let t: TestApp;
  let x: XFake;
  let ann: Call;
  let bob: Call;
  let publisher: Publisher;

  beforeAll(async () => {
    x = await startXFake();
    t = await createTestApp({
      ...x.env,
      PUBLISH_POLL_SECONDS: '0.5',
      SHORT_LINK_BASE_URL: 'https://go.bloom.example',
    });
    const cookies = await signedInUsers(t, 'ann', 'bob');
    ann = callAs(t, cookies.ann);
    bob = callAs(t, cookies.bob);
    publisher = t.ctx.publisher();
    await publisher.start();
  });
  afterAll(async () => {
    await publisher?.stop();
    await t?.close();
    await x?.close();
  });

  const visit = (code: string, userAgent?: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'GET',
      url: `/l/${code}`,
      // An empty user agent is a request that sent none (light-my-request would send its own).
      headers: { 'user-agent': userAgent ?? '' },
      remoteAddress: ip,
    });
  const browser =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

  it('keeps links as written until the workspace asks for short links or UTM', async () => {
    expect((await ann('GET', '/api/links/settings')).json()).toEqual({
      shorten: false,
      utm: false,
      utmMedium: 'social',
      utmCampaign: '',
      base: 'https://go.bloom.example/l/',
    });
    for (const [body, field] of [
      [{ shorten: true, utm: true, utmCampaign: 'spring sale' }, 'utmCampaign'],
      [{ shorten: true, utm: true, utmMedium: '' }, 'utmMedium'],
      [{ shorten: 'yes', utm: true }, 'shorten'],
    ] as const) {
      const res = await ann('PUT', '/api/links/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const saved = await ann('PUT', '/api/links/settings', {
      shorten: true,
      utm: true,
      utmMedium: 'social',
      utmCampaign: 'spring',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LinkSettings>()).toMatchObject({ shorten: true, utm: true, utmCampaign: 'spring' });
    // Another workspace's preset is its own.
    expect((await bob('GET', '/api/links/settings')).json()).toMatchObject({ shorten: false });
  });

  it('sends X a short link that leads to the address with its UTM parameters, and counts the clicks', async () => {
    await connectOAuth(ann, 'twitter');
    const created = await ann('POST', '/api/posts', {
      content: '<p>Tulips are back: https://bloom.example/tulips?c=red. Come early!</p>',
      platforms: ['twitter'],
      action: 'publish_now',
      timezone: 'UTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json<{ id: string }>().id;
    await waitForPost(ann, postId, (p) => p.status === 'published');
    const tweet = x.posts.at(-1)!;
    const match = /^Tulips are back: https:\/\/go\.bloom\.example\/l\/([A-Za-z0-9]{10})\. Come early!$/.exec(
      tweet.text,
    );
    expect(match, tweet.text).not.toBeNull();
    const code = match![1]!;

    const click = await visit(code, browser);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(
      'https://bloom.example/tulips?c=red&utm_source=x&utm_medium=social&utm_campaign=spring',
    );
    expect(click.headers['cache-control']).toBe('private, no-store');
    expect((await visit(code, browser)).statusCode).toBe(302);
    expect((await visit(code, 'Twitterbot/1.0')).statusCode).toBe(302);
    expect((await visit(code)).statusCode).toBe(302);
    await t.ctx.links.flush();

    const list = (await ann('GET', `/api/links?post=${postId}`)).json<ShortLinkList>();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      shortUrl: `https://go.bloom.example/l/${code}`,
      original: 'https://bloom.example/tulips?c=red',
      platform: 'twitter',
      clicks: 2,
      bots: 2,
      disabled: false,
    });
    // Clicks per post and network, as analytics reads them; a retried publish (same post, network and
    // address) gets the same link, so the network receives the same text.
    const workspace = (await ann('GET', '/api/workspaces')).json<{ current: string }>().current;
    expect(await t.ctx.links.clicksByPost(workspace as never, [postId])).toEqual([
      { post_id: postId, platform: 'twitter', clicks: 2, bots: 2 },
    ]);
    const again = await t.ctx.links.rewrite(
      { workspaceId: workspace, postId, platform: 'twitter' },
      'Again: https://bloom.example/tulips?c=red',
    );
    expect(again).toBe(`Again: https://go.bloom.example/l/${code}`);

    // Another workspace neither sees nor turns it off.
    expect((await bob('GET', '/api/links')).json()).toEqual({ data: [], total: 0 });
    const id = list.data[0]!.id;
    expect((await bob('PUT', `/api/links/${id}`, { disabled: true })).statusCode).toBe(404);

    // Turned off, it answers 404; on again, it leads where it did.
    const off = await ann('PUT', `/api/links/${id}`, { disabled: true });
    expect(off.json<ShortLink>()).toMatchObject({ disabled: true, clicks: 2 });
    expect((await visit(code, browser)).statusCode).toBe(404);
    await ann('PUT', `/api/links/${id}`, { disabled: false });
    expect((await visit(code, browser)).statusCode).toBe(302);
  });

  it('answers an unknown code 404, and refuses an address that asks for many', async () => {
    expect((await visit('AAAAAAAAAA', browser, '198.51.100.1')).statusCode).toBe(404);
    expect((await visit('not-a-code', browser, '198.51.100.1')).statusCode).toBe(404);
    expect((await visit('x'.repeat(65), browser, '198.51.100.1')).statusCode).toBe(400);
    for (let i = 0; i < 30; i++) await visit(`Zz${String(i).padStart(8, '0')}`, browser, '198.51.100.2');
    const refused = await visit('ZZZZZZZZZZ', browser, '198.51.100.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not held up.
    expect((await visit('ZZZZZZZZZZ', browser, '198.51.100.3')).statusCode).toBe(404);
  });
});
