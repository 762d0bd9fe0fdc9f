import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFacebookFake } from '../../../../test/fakes/facebook';
import { createMediaFile, sniffMedia } from '../../../../test/fakes/shared';
import type { FacebookFake } from '../../../../test/fakes/facebook';
import { PlatformError } from '../contract';
import type { Credentials, MediaFile, PlatformAdapter, PublishInput } from '../contract';
import { RESUME_MAX_PAGES, RESUME_PAGE_SIZE } from '../resume';
import { createFacebookAdapter } from './facebook.adapter';

const CLIP = join(import.meta.dirname, '../../../../test/fixtures/clip.mp4');
const REDIRECT = 'http://127.0.0.1:3000/api/connections/facebook/callback';

let dir: string;
let fake: FacebookFake;
let adapter: PlatformAdapter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-facebook-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fake = await startFacebookFake({ requireAppSecretProof: true });
  adapter = createFacebookAdapter(fake.config);
});
afterEach(async () => {
  await fake.close();
});

/** Walks the consent page like a browser and returns the code our callback would get. */
async function authorize(state = 'state-123') {
  const url = adapter.oauth!.authorizeUrl({ state, codeChallenge: 'challenge', redirectUri: REDIRECT });
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code')!;
}

async function connect() {
  const code = await authorize();
  return adapter.oauth!.exchangeCode(
    { code, codeVerifier: 'verifier', redirectUri: REDIRECT },
    AbortSignal.timeout(5000),
  );
}

function input(credentials: Credentials, overrides: Partial<PublishInput> = {}): PublishInput {
  return {
    targetId: 'target-1',
    text: 'Hello from Postwell',
    media: [],
    credentials,
    account: { id: fake.pages[0]!.id, username: fake.pages[0]!.name },
    settings: {},
    resumed: false,
    firstAttemptAt: new Date(),
    checkpoint: {},
    saveCheckpoint: async () => {},
    signal: AbortSignal.timeout(5000),
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

const image = (format: 'jpeg' | 'png' | 'gif' | 'webp', altText = '') =>
  createMediaFile(dir, { format, altText });

describe('Facebook adapter', () => {
  it('is configured only with both client id and secret', () => {
    expect(adapter.configured).toBe(true);
    expect(createFacebookAdapter({ ...fake.config, clientSecret: undefined }).configured).toBe(false);
    expect(createFacebookAdapter({ ...fake.config, clientId: '' }).configured).toBe(false);
  });

  it('connects the first Page: page token to publish, long-lived user token kept to refresh', async () => {
    const url = new URL(
      adapter.oauth!.authorizeUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT }),
    );
    expect(url.searchParams.get('client_id')).toBe(fake.env.FACEBOOK_CLIENT_ID);
    expect(url.searchParams.get('scope')).toContain('pages_manage_posts');

    const { credentials, account } = await connect();
    expect(account).toEqual({ id: fake.pages[0]!.id, username: fake.pages[0]!.name });
    const pageToken = fake.tokens.find((entry) => entry.kind === 'page')!;
    const longUser = fake.tokens.find((entry) => entry.kind === 'user-long')!;
    expect(credentials.accessToken).toBe(pageToken.accessToken);
    expect(credentials.extra).toEqual({ userToken: longUser.accessToken, pageId: fake.pages[0]!.id });
    expect(
      fake.count({
        path: '/oauth/access_token',
        where: (req) => req.query.get('grant_type') === 'fb_exchange_token',
      }),
    ).toBe(1);
  });

  it('refuses a reused code and says so when the person manages no Page', async () => {
    const code = await authorize();
    await adapter.oauth!.exchangeCode(
      { code, codeVerifier: 'v', redirectUri: REDIRECT },
      AbortSignal.timeout(5000),
    );
    const reused = await failure(
      adapter.oauth!.exchangeCode(
        { code, codeVerifier: 'v', redirectUri: REDIRECT },
        AbortSignal.timeout(5000),
      ),
    );
    expect(reused.kind).toBe('permanent');

    fake.pages.length = 0;
    const none = await failure(connect());
    expect(none.options.code).toBe('no_page');
  });

  it('refresh fetches a new page token, and a dead user token is an auth failure', async () => {
    const { credentials } = await connect();
    fake.expireToken(credentials.accessToken);
    const refreshed = await adapter.oauth!.refresh(credentials, AbortSignal.timeout(5000));
    expect(refreshed.accessToken).not.toBe(credentials.accessToken);
    await adapter.publish(input(refreshed));
    expect(fake.posts).toHaveLength(1);

    fake.revokeToken(credentials.extra!.userToken);
    const error = await failure(adapter.oauth!.refresh(credentials, AbortSignal.timeout(5000)));
    expect(error.kind).toBe('auth');
  });

  it('publishes text to the Page feed', async () => {
    const { credentials } = await connect();
    const result = await adapter.publish(input(credentials, { text: 'Only words' }));
    expect(fake.posts).toHaveLength(1);
    const post = fake.posts[0]!;
    expect(post).toMatchObject({ kind: 'text', message: 'Only words', pageId: fake.pages[0]!.id });
    expect(result).toEqual({ remoteId: post.id, url: `https://www.facebook.com/${post.id}` });
  });

  it('publishes one image as a Page photo with its caption and alt text', async () => {
    const { credentials } = await connect();
    const png = await image('png', 'A blue square');
    const result = await adapter.publish(input(credentials, { media: [png], text: 'One photo' }));
    const post = fake.posts[0]!;
    expect(post.kind).toBe('photo');
    expect(post.message).toBe('One photo');
    expect(post.media[0]!.bytes.equals(png.data)).toBe(true);
    expect(post.media[0]!.altText).toBe('A blue square');
    expect(result.remoteId).toBe(post.id);
  });

  it('publishes several images as unpublished photos attached to one feed post', async () => {
    const { credentials } = await connect();
    const files: MediaFile[] = [await image('jpeg'), await image('webp'), await image('gif')];
    await adapter.publish(input(credentials, { media: files, text: 'Three photos' }));
    expect(fake.count({ method: 'POST', path: `/${fake.pages[0]!.id}/photos`, ok: true })).toBe(3);
    const feedCall = fake.requests.find((req) => req.method === 'POST' && req.path.endsWith('/feed'))!;
    expect(feedCall.form?.['attached_media[2]']).toMatch(/"media_fbid":"\d+"/);
    expect(fake.posts).toHaveLength(1);
    const post = fake.posts[0]!;
    expect(post.kind).toBe('album');
    expect(post.message).toBe('Three photos');
    expect(post.media).toHaveLength(3);
    expect(post.media[0]!.bytes.equals((files[0] as MediaFile & { data: Buffer }).data)).toBe(true);
    // WebP is not a Graph photo type: it arrives converted to JPEG.
    expect(sniffMedia(post.media[1]!.bytes)).toBe('image/jpeg');
    expect(sniffMedia(post.media[2]!.bytes)).toBe('image/gif');
    expect(fake.unpublishedPhotos).toHaveLength(0);
  });

  it('publishes a video', async () => {
    const { credentials } = await connect();
    const video = await createMediaFile(dir, { video: CLIP });
    const result = await adapter.publish(input(credentials, { media: [video], text: 'A clip' }));
    const post = fake.posts[0]!;
    expect(post.kind).toBe('video');
    expect(post.message).toBe('A clip');
    expect(post.media[0]!.bytes.equals(video.data)).toBe(true);
    expect(result.url).toBe(`https://www.facebook.com/${result.remoteId}`);
  });

  it('refuses a video mixed with images before calling Graph', async () => {
    const { credentials } = await connect();
    const before = fake.requests.length;
    const error = await failure(
      adapter.publish(
        input(credentials, { media: [await image('jpeg'), await createMediaFile(dir, { video: CLIP })] }),
      ),
    );
    expect(error).toMatchObject({ kind: 'permanent', options: { code: 'media_mix' } });
    expect(fake.requests.length).toBe(before);
  });

  it('429 is transient with the Retry-After wait', async () => {
    const { credentials } = await connect();
    fake.fault.next('429');
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({
      kind: 'transient',
      options: { code: 'rate_limited', retryAfterMs: 30_000 },
    });
    expect(fake.posts).toHaveLength(0);
  });

  it.each([4, 17, 32, 613])('Graph rate-limit code %i (HTTP 400) is transient', async (code) => {
    const { credentials } = await connect();
    fake.failNext({ code, message: `(#${code}) limit reached` });
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'rate_limited', status: 400 } });
    expect(error.options.retryAfterMs).toBeGreaterThan(0);
  });

  it('500 is transient', async () => {
    const { credentials } = await connect();
    fake.fault.next('500');
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({ kind: 'transient', options: { status: 500 } });
  });

  it('a body that is not JSON is a permanent unexpected answer', async () => {
    const { credentials } = await connect();
    fake.fault.next('garbage');
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({ kind: 'permanent', message: 'unexpected answer from Facebook' });
  });

  it('a JSON body of the wrong shape is a permanent unexpected answer', async () => {
    const { credentials } = await connect();
    fake.failNext({ code: 0, status: 200 }, { path: `/${fake.pages[0]!.id}/feed` });
    const error = await failure(adapter.publish(input(credentials)));
    expect(error.message).toBe('unexpected answer from Facebook');
  });

  it('a timeout is transient', async () => {
    const { credentials } = await connect();
    fake.fault.next('timeout');
    const error = await failure(adapter.publish(input(credentials, { signal: AbortSignal.timeout(300) })));
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'timeout' } });
  });

  it('an expired token (Graph code 190, HTTP 400) is an auth failure', async () => {
    const { credentials } = await connect();
    fake.expireToken(credentials.accessToken);
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({ kind: 'auth', options: { status: 400 } });
    expect(error.message).toContain('Session has expired');
  });

  it('other Graph refusals are permanent with their message', async () => {
    const { credentials } = await connect();
    fake.failNext({ code: 368, message: 'It looks like you were misusing this feature by going too fast.' });
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'It looks like you were misusing this feature by going too fast.',
    });
  });

  it('on resume, returns the post an earlier attempt made instead of posting again', async () => {
    const { credentials } = await connect();
    const firstAttemptAt = new Date();
    const first = await adapter.publish(input(credentials, { firstAttemptAt }));
    const again = await adapter.publish(input(credentials, { firstAttemptAt, resumed: true }));
    expect(again).toEqual(first);
    expect(fake.posts).toHaveLength(1);
  });

  it('on resume, an older post with the same text is not ours', async () => {
    const { credentials } = await connect();
    fake.seedPost({ message: 'Hello from Postwell', createdAt: new Date(Date.now() - 10 * 60_000) });
    await adapter.publish(input(credentials, { resumed: true }));
    expect(fake.posts).toHaveLength(2);
  });

  describe('resume lookup in a burst', () => {
    const feedPath = () => `/${fake.pages[0]!.id}/feed`;

    /** The interrupted attempt's post, then `newer` posts of the burst above it, and old ones below. */
    function seed(message: string, newer: number, older = 0) {
      const firstAttemptAt = new Date(Date.now() - 30_000);
      for (let i = 0; i < older; i++)
        fake.seedPost({
          message: `Older post ${i}`,
          createdAt: new Date(firstAttemptAt.getTime() - 10 * 60_000 - i * 1000),
        });
      const ours = fake.seedPost({ message, createdAt: new Date(firstAttemptAt.getTime() + 500) });
      for (let i = 0; i < newer; i++)
        fake.seedPost({
          message: `Burst post ${i}`,
          createdAt: new Date(firstAttemptAt.getTime() + 1000 + i),
        });
      return { firstAttemptAt, ours };
    }
    const copies = (message: string) => fake.posts.filter((post) => post.message === message);

    it('finds the post of an interrupted attempt under 150 newer posts, reading back by time', async () => {
      const { credentials } = await connect();
      const text = 'Buried under a burst';
      const { firstAttemptAt, ours } = seed(text, 150, 300);
      const result = await adapter.publish(input(credentials, { text, firstAttemptAt, resumed: true }));
      expect(result).toEqual({ remoteId: ours.id, url: `https://www.facebook.com/${ours.id}` });
      expect(copies(text)).toHaveLength(1);
      expect(fake.count({ method: 'POST', path: feedPath() })).toBe(0);
      // 151 posts since the first attempt (minus a minute): two pages; the 300 older ones are never read.
      const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === feedPath());
      expect(reads).toHaveLength(2);
      expect(reads[0]!.query.get('limit')).toBe('100');
      expect(reads[0]!.query.get('fields')).toBe('id,message,created_time');
      expect(reads[0]!.query.get('since')).toBe(
        String(Math.floor((firstAttemptAt.getTime() - 60_000) / 1000)),
      );
      expect(reads[0]!.query.has('after')).toBe(false);
      // The second page is Graph's `paging.next`, with the page token and its appsecret_proof.
      expect(reads[1]!.query.get('after')).toBeTruthy();
      expect(reads[1]!.query.get('since')).toBe(reads[0]!.query.get('since'));
      expect(reads[1]!.query.get('appsecret_proof')).toBe(reads[0]!.query.get('appsecret_proof'));
    });

    it('gives up with a transient error, posting nothing, when the burst is deeper than it reads', async () => {
      const { credentials } = await connect();
      const text = 'Buried too deep';
      const { firstAttemptAt } = seed(text, RESUME_PAGE_SIZE * RESUME_MAX_PAGES);
      const error = await failure(
        adapter.publish(input(credentials, { text, firstAttemptAt, resumed: true })),
      );
      expect(error).toMatchObject({ kind: 'transient', options: { code: 'resume_lookup_incomplete' } });
      expect(fake.count({ method: 'GET', path: feedPath() })).toBe(RESUME_MAX_PAGES);
      expect(fake.count({ method: 'POST' })).toBe(0);
      expect(copies(text)).toHaveLength(1);
    });
  });
});
