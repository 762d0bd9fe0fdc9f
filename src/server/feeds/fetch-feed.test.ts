import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, rss, startFeedServer } from '../../../test/fakes/feed-server';
import { systemResolver } from '../webhooks/address-policy';
import { fetchFeed } from './fetch-feed';

describe('fetchFeed', () => {
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer();
    server.set('/feed.xml', { body: rss([]), etag: '"a"' });
    server.set('/moved', { redirect: '/feed.xml' });
  });
  afterAll(() => server.close());

  const read = (path: string, allowPrivate: boolean, etag: string | null = null) =>
    fetchFeed({
      url: `${server.base}${path}`,
      etag,
      lastModified: null,
      timeoutMs: 2000,
      policy: { allowPrivate, allowHttp: true },
      resolve: systemResolver,
    });

  it('refuses a private address unless the policy allows it, before connecting', async () => {
    expect(await read('/feed.xml', false)).toEqual({ kind: 'error', code: 'address_refused' });
    expect(server.hits('/feed.xml')).toBe(0);
    expect(await read('/feed.xml', true)).toMatchObject({ kind: 'ok', etag: '"a"' });
  });

  it('follows a redirect, checking the next address, and answers 304 to its own ETag', async () => {
    expect(await read('/moved', true)).toMatchObject({ kind: 'ok' });
    expect(await read('/feed.xml', true, '"a"')).toEqual({ kind: 'not_modified' });
  });

  it('refuses a scheme other than http(s) and an address with credentials', async () => {
    const refused = (url: string) =>
      fetchFeed({
        url,
        etag: null,
        lastModified: null,
        timeoutMs: 1000,
        policy: { allowPrivate: true, allowHttp: true },
        resolve: systemResolver,
      });
    expect(await refused('file:///etc/passwd')).toEqual({ kind: 'error', code: 'scheme_refused' });
    expect(await refused(`http://user:pw@127.0.0.1/feed.xml`)).toEqual({
      kind: 'error',
      code: 'scheme_refused',
    });
  });
});
