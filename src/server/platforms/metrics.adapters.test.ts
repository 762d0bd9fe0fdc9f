import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startBlueskyAppViewFake } from '../../../test/fakes/bluesky-appview';
import { startFacebookFake } from '../../../test/fakes/facebook';
import { startInstagramFake } from '../../../test/fakes/instagram';
import { startLinkedinFake } from '../../../test/fakes/linkedin';
import { s256 } from '../../../test/fakes/shared';
import { startTiktokFake } from '../../../test/fakes/tiktok';
import { startXFake } from '../../../test/fakes/twitter';
import { createBlueskyAdapter } from './bluesky/bluesky.adapter';
import {
  type Account,
  type Credentials,
  type MetricsInput,
  type PlatformAdapter,
  PlatformError,
} from './contract';
import { createFacebookAdapter } from './facebook/facebook.adapter';
import { createInstagramAdapter } from './instagram/instagram.adapter';
import { createLinkedinAdapter } from './linkedin/linkedin.adapter';
import { createTiktokAdapter } from './tiktok/tiktok.adapter';
import { createTwitterAdapter } from './twitter/twitter.adapter';

/** Each adapter's `fetchMetrics` against its network's fake: figures, figures not given, auth, deleted. */

const REDIRECT = 'http://127.0.0.1:3000/api/social/callback';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** The consent page walked like a browser, then the code exchanged: credentials as a connection keeps them. */
async function connect(adapter: PlatformAdapter) {
  const verifier = randomBytes(32).toString('base64url');
  const url = adapter.oauth!.authorizeUrl({
    state: 'st',
    codeChallenge: s256(verifier),
    redirectUri: REDIRECT,
  });
  const answer = await fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  return adapter.oauth!.exchangeCode(
    { code, codeVerifier: verifier, redirectUri: REDIRECT },
    AbortSignal.timeout(5000),
  );
}

const input = (remoteId: string, credentials: Credentials, account: Account): MetricsInput => ({
  remoteId,
  remoteUrl: null,
  credentials,
  account,
  settings: {},
  signal: AbortSignal.timeout(5000),
});

async function failure(read: Promise<unknown>): Promise<PlatformError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('X', () => {
  it('reads public metrics, sums retweets and quotes, keeps an impression count X did not give null', async () => {
    const fake = await startXFake();
    closers.push(() => fake.close());
    const adapter = createTwitterAdapter(fake.config);
    const { credentials, account } = await connect(adapter);
    const tweet = fake.addPost('hello');
    fake.setMetrics(tweet.id, { likes: 7, shares: 2, quotes: 1, comments: 3 });
    expect(await adapter.fetchMetrics(input(tweet.id, credentials, account))).toEqual({
      likes: 7,
      shares: 3,
      comments: 3,
      reach: null,
      impressions: null,
    });
    fake.setMetrics(tweet.id, { likes: 0, shares: 0, quotes: 0, comments: 0, impressions: 120 });
    expect(await adapter.fetchMetrics(input(tweet.id, credentials, account))).toMatchObject({
      likes: 0,
      impressions: 120,
    });
    fake.deletePost(tweet.id);
    expect((await failure(adapter.fetchMetrics(input(tweet.id, credentials, account)))).options.code).toBe(
      'post_gone',
    );
    fake.expireToken(credentials.accessToken);
    expect((await failure(adapter.fetchMetrics(input(tweet.id, credentials, account)))).kind).toBe('auth');
  });
});

describe('Bluesky (a fake of app.bsky.feed.getPosts; bluesky.metrics.int.test.ts reads a real AppView)', () => {
  it('reads likes, reposts plus quotes and replies; reach and views are not Bluesky figures', async () => {
    const fake = await startBlueskyAppViewFake();
    closers.push(() => fake.close());
    const adapter = createBlueskyAdapter({ serviceUrl: fake.url });
    const credentials: Credentials = {
      accessToken: fake.accessJwt(),
      refreshToken: 'refresh-1',
      extra: { did: fake.account.did, handle: fake.account.handle, appPassword: 'abcd-efgh-ijkl-mnop' },
    };
    const account = { id: fake.account.did, username: fake.account.handle };
    const uri = fake.addPost('3kabc');
    fake.setMetrics(uri, { likes: 4, shares: 2, quotes: 1, comments: 5 });
    expect(await adapter.fetchMetrics(input(uri, credentials, account))).toEqual({
      likes: 4,
      shares: 3,
      comments: 5,
      reach: null,
      impressions: null,
    });
    const gone = `at://${fake.account.did}/app.bsky.feed.post/3kgone`;
    expect((await failure(adapter.fetchMetrics(input(gone, credentials, account)))).options.code).toBe(
      'post_gone',
    );
    fake.expireSession();
    expect((await failure(adapter.fetchMetrics(input(uri, credentials, account)))).kind).toBe('auth');
  });
});

describe('LinkedIn', () => {
  it('reads likes and comments from social actions; shares, reach and impressions are not given', async () => {
    const fake = await startLinkedinFake();
    closers.push(() => fake.close());
    const adapter = createLinkedinAdapter(fake.config);
    const { credentials, account } = await connect(adapter);
    const post = fake.addPost('hello');
    fake.setMetrics(post.urn, { likes: 9, comments: 2 });
    expect(await adapter.fetchMetrics(input(post.urn, credentials, account))).toEqual({
      likes: 9,
      shares: null,
      comments: 2,
      reach: null,
      impressions: null,
    });
    const error = await failure(adapter.fetchMetrics(input('urn:li:share:404', credentials, account)));
    expect(error.options.code).toBe('post_gone');
    fake.expireToken(credentials.accessToken);
    expect((await failure(adapter.fetchMetrics(input(post.urn, credentials, account)))).kind).toBe('auth');
  });
});

describe('Facebook', () => {
  it('reads reactions, comments, shares and impressions; an unshared post has no share figure', async () => {
    const fake = await startFacebookFake();
    closers.push(() => fake.close());
    const adapter = createFacebookAdapter(fake.config);
    const { credentials, account } = await connect(adapter);
    const published = await adapter.publish({
      targetId: 't',
      text: 'hello',
      media: [],
      credentials,
      account,
      settings: {},
      resumed: false,
      firstAttemptAt: new Date(),
      checkpoint: {},
      saveCheckpoint: async () => {},
      signal: AbortSignal.timeout(5000),
    });
    fake.setMetrics(published.remoteId, { likes: 11, comments: 4, shares: 0, reach: 80, impressions: 130 });
    expect(await adapter.fetchMetrics(input(published.remoteId, credentials, account))).toEqual({
      likes: 11,
      shares: null,
      comments: 4,
      reach: 80,
      impressions: 130,
    });
    const gone = await failure(adapter.fetchMetrics(input(`${account.id}_999999`, credentials, account)));
    expect(gone.options.code).toBe('post_gone');
    fake.expireToken(credentials.accessToken);
    expect((await failure(adapter.fetchMetrics(input(published.remoteId, credentials, account)))).kind).toBe(
      'auth',
    );
  });
});

describe('Instagram', () => {
  it('reads likes and comments from the media, reach, views and shares from insights; hidden likes stay null', async () => {
    const fake = await startInstagramFake();
    closers.push(() => fake.close());
    const adapter = createInstagramAdapter(fake.config);
    const { credentials, account } = await connect(adapter);
    const id = '17890000000001';
    fake.posts.push({
      id,
      userId: account.id,
      caption: 'hello',
      createdAt: new Date(),
      permalink: `https://www.instagram.com/p/${id}/`,
      mediaType: 'IMAGE',
      items: [],
    });
    fake.setMetrics(id, { comments: 6, shares: 1, reach: 40, impressions: 55 });
    expect(await adapter.fetchMetrics(input(id, credentials, account))).toEqual({
      likes: null,
      shares: 1,
      comments: 6,
      reach: 40,
      impressions: 55,
    });
    expect((await failure(adapter.fetchMetrics(input('404', credentials, account)))).options.code).toBe(
      'post_gone',
    );
    fake.expireToken(credentials.accessToken);
    expect((await failure(adapter.fetchMetrics(input(id, credentials, account)))).kind).toBe('auth');
  });
});

describe('TikTok', () => {
  it('reads likes, comments, shares and views; TikTok gives no reach', async () => {
    const fake = await startTiktokFake();
    closers.push(() => fake.close());
    const adapter = createTiktokAdapter(fake.config);
    const { credentials, account } = await connect(adapter);
    fake.posts.push({
      publishId: 'v_pub_1',
      postId: 7_300_000_001,
      kind: 'video',
      openId: account.id,
      text: 'hello',
      privacyLevel: 'SELF_ONLY',
      media: [],
      createdAt: new Date(),
    });
    fake.setMetrics('7300000001', { likes: 12, comments: 3, shares: 2, impressions: 900 });
    expect(await adapter.fetchMetrics(input('7300000001', credentials, account))).toEqual({
      likes: 12,
      shares: 2,
      comments: 3,
      reach: null,
      impressions: 900,
    });
    expect((await failure(adapter.fetchMetrics(input('1', credentials, account)))).options.code).toBe(
      'post_gone',
    );
    fake.expireToken(credentials.accessToken);
    expect((await failure(adapter.fetchMetrics(input('7300000001', credentials, account)))).kind).toBe(
      'auth',
    );
  });
});
