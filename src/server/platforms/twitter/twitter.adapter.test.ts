import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s256 } from '../../../../test/fakes/shared';
import { startXFake } from '../../../../test/fakes/twitter';
import type { XFake } from '../../../../test/fakes/twitter';
import { PlatformError } from '../contract';
import type { MediaFile, PlatformAdapter, PublishInput } from '../contract';
import { RESUME_MAX_PAGES, RESUME_PAGE_SIZE } from '../resume';
import { comparableTweetText, createTwitterAdapter } from './twitter.adapter';

let dir: string;
let fake: XFake;
let adapter: PlatformAdapter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-x-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fake = await startXFake();
  adapter = createTwitterAdapter(fake.config);
});
afterEach(async () => {
  await fake.close();
});

async function image(name: string, color: string, format: 'png' | 'gif' = 'png'): Promise<MediaFile> {
  const base = sharp({ create: { width: 64, height: 64, channels: 3, background: color } });
  const data = await (format === 'png' ? base.png() : base.gif()).toBuffer();
  const path = join(dir, `${name}.${format}`);
  await writeFile(path, data);
  return {
    id: name,
    kind: 'image',
    mime: `image/${format}`,
    bytes: data.length,
    width: 64,
    height: 64,
    durationSeconds: null,
    altText: `alt of ${name}`,
    path,
    publicUrl: '',
  };
}

const clip: MediaFile = {
  id: 'clip',
  kind: 'video',
  mime: 'video/mp4',
  bytes: 2815,
  width: null,
  height: null,
  durationSeconds: 1,
  altText: '',
  path: join(import.meta.dirname, '../../../../test/fixtures/clip.mp4'),
  publicUrl: '',
};

function input(overrides: Partial<PublishInput> = {}): PublishInput {
  const token = fake.issueToken();
  return {
    targetId: 'target-1',
    text: `Hello from Postwell ${randomBytes(3).toString('hex')}`,
    media: [],
    credentials: { accessToken: token.accessToken, refreshToken: token.refreshToken },
    account: { id: fake.user.id, username: fake.user.username },
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
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('X OAuth', () => {
  it('is configured only with both client id and secret', () => {
    expect(adapter.configured).toBe(true);
    expect(createTwitterAdapter({ ...fake.config, clientSecret: undefined }).configured).toBe(false);
  });

  it('round-trips authorize → code → tokens → refresh with PKCE checked by the fake', async () => {
    const oauth = adapter.oauth!;
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = 'http://127.0.0.1:9/oauth/callback';
    const url = new URL(oauth.authorizeUrl({ state: 'st-1', codeChallenge: s256(verifier), redirectUri }));
    expect(url.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read media.write offline.access',
    );

    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;

    const signal = AbortSignal.timeout(5000);
    const { credentials, account } = await oauth.exchangeCode(
      { code, codeVerifier: verifier, redirectUri },
      signal,
    );
    expect(account).toEqual({ id: fake.user.id, username: fake.user.username });
    expect(credentials.accessToken).toBe(fake.tokens[0]!.accessToken);
    expect(Date.parse(credentials.expiresAt!)).toBeGreaterThan(Date.now() + 7100_000);
    const exchange = fake.requests.find((r) => r.path === '/2/oauth2/token')!;
    expect(exchange.headers.authorization).toMatch(/^Basic /);
    expect(exchange.form).toMatchObject({ grant_type: 'authorization_code', code_verifier: verifier });

    // Faults skip the token endpoint unless a test asks with includeAuth.
    fake.fault.next('garbage', { path: '/2/oauth2/token' });
    const renewed = await oauth.refresh(credentials, signal);
    fake.fault.clear();
    expect(renewed.accessToken).not.toBe(credentials.accessToken);
    expect(renewed.refreshToken).not.toBe(credentials.refreshToken);
    // X rotates refresh tokens: the old one is refused, which means "reconnect".
    const refused = await failure(oauth.refresh(credentials, signal));
    expect(refused.kind).toBe('auth');
  });

  it('refuses a wrong PKCE verifier', async () => {
    const oauth = adapter.oauth!;
    const redirectUri = 'http://127.0.0.1:9/cb';
    const consent = await fetch(
      oauth.authorizeUrl({
        state: 's',
        codeChallenge: s256('right-verifier-right-verifier-right-verifier'),
        redirectUri,
      }),
      { redirect: 'manual' },
    );
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const error = await failure(
      oauth.exchangeCode({ code, codeVerifier: 'wrong', redirectUri }, AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/code verifier/);
  });
});

describe('X publish', () => {
  it('posts text only', async () => {
    const publishInput = input();
    const result = await adapter.publish(publishInput);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.text).toBe(publishInput.text);
    expect(result).toEqual({
      remoteId: fake.posts[0]!.id,
      url: `https://x.com/${fake.user.username}/status/${fake.posts[0]!.id}`,
    });
  });

  it('uploads two images with alt text, then posts them', async () => {
    const red = await image('red', '#f00');
    const blue = await image('blue', '#00f');
    const result = await adapter.publish(input({ media: [red, blue] }));
    const tweet = fake.posts[0]!;
    expect(tweet.id).toBe(result.remoteId);
    expect(tweet.media.map((m) => m.data)).toEqual([await readFile(red.path), await readFile(blue.path)]);
    expect(tweet.media.map((m) => [m.category, m.mime, m.altText])).toEqual([
      ['tweet_image', 'image/png', 'alt of red'],
      ['tweet_image', 'image/png', 'alt of blue'],
    ]);
    const uploads = fake.requests.filter((r) => r.path === '/2/media/upload');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.headers.authorization).toBe(`Bearer ${fake.tokens[0]!.accessToken}`);
    expect(uploads[0]!.parts?.find((p) => p.name === 'media')?.contentType).toBe('image/png');
  });

  it('uploads a video through INIT/APPEND/FINALIZE and waits for processing', async () => {
    await adapter.publish(input({ media: [clip] }));
    const commands = fake.requests
      .filter((r) => r.path === '/2/media/upload')
      .map((r) => r.query.get('command') ?? r.parts?.find((p) => p.name === 'command')?.data.toString());
    // FINALIZE says in_progress; the fake answers one STATUS in_progress, then succeeded.
    expect(commands).toEqual(['INIT', 'APPEND', 'FINALIZE', 'STATUS', 'STATUS']);
    const video = fake.posts[0]!.media[0]!;
    expect(video.category).toBe('tweet_video');
    expect(video.data).toEqual(await readFile(clip.path));
  });

  it('refuses what MEDIA_RULES refuse for X before calling it: an image with a video, a WebM', async () => {
    const before = fake.requests.length;
    const mixed = await failure(adapter.publish(input({ media: [await image('m', '#f00'), clip] })));
    expect(mixed).toMatchObject({ kind: 'permanent', options: { code: 'media_mix' } });
    const webm = await failure(adapter.publish(input({ media: [{ ...clip, mime: 'video/webm' }] })));
    expect(webm).toMatchObject({ kind: 'permanent', options: { code: 'video_type' } });
    expect(webm.message).toBe('X does not take WebM videos (clip)');
    expect(fake.requests.length).toBe(before);
  });

  it('sends GIFs through the chunked flow so they stay animated', async () => {
    await adapter.publish(input({ media: [await image('anim', '#0f0', 'gif')] }));
    expect(fake.posts[0]!.media[0]!.category).toBe('tweet_gif');
  });

  it('turns a 429 into a transient failure that waits for the reset', async () => {
    fake.fault.next('429', { path: '/2/tweets' });
    const error = await failure(adapter.publish(input()));
    expect(error.kind).toBe('transient');
    expect(error.options.code).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBeGreaterThan(890_000);
    expect(error.options.retryAfterMs).toBeLessThanOrEqual(900_000);
  });

  it('turns a 500 into a transient failure', async () => {
    fake.fault.next('500');
    const error = await failure(adapter.publish(input()));
    expect(error.kind).toBe('transient');
    expect(error.options.status).toBe(500);
  });

  it('turns a non-JSON 200 into a permanent unexpected answer', async () => {
    fake.fault.next('garbage', { path: '/2/media/upload' });
    const error = await failure(adapter.publish(input({ media: [await image('g', '#123')] })));
    expect(error.kind).toBe('permanent');
    expect(error.message).toBe('unexpected answer from X');
    expect(fake.posts).toHaveLength(0);
  });

  it('turns a hanging X into a transient timeout', async () => {
    fake.fault.next('timeout');
    const error = await failure(adapter.publish(input({ signal: AbortSignal.timeout(300) })));
    expect(error.kind).toBe('transient');
    expect(error.options.code).toBe('timeout');
  });

  it('turns an expired token into an auth failure', async () => {
    const publishInput = input();
    fake.expireToken(publishInput.credentials.accessToken);
    const error = await failure(adapter.publish(publishInput));
    expect(error.kind).toBe('auth');
    expect(fake.posts).toHaveLength(0);
  });

  it('finds the tweet of an interrupted attempt instead of posting again', async () => {
    const red = await image('r', '#f00');
    const first = input({ text: 'Launch day & <more> https://example.com/launch', media: [red] });
    const posted = await adapter.publish(first);
    const resumed = await adapter.publish({ ...first, resumed: true });
    expect(resumed).toEqual(posted);
    expect(fake.postsWithText(first.text)).toHaveLength(1);
    expect(fake.count({ method: 'POST', path: '/2/tweets' })).toBe(1);
  });

  it('does not claim an older tweet with the same text; X then refuses the duplicate', async () => {
    const text = 'Same words as last week';
    fake.addPost(text, new Date(Date.now() - 3600_000));
    const error = await failure(adapter.publish(input({ text, resumed: true })));
    expect(error.kind).toBe('permanent');
    expect(error.message).toBe('You are not allowed to create a Tweet with duplicate content.');
    expect(fake.postsWithText(text)).toHaveLength(1);
  });

  it('resolves a duplicate-content 403 on a resumed attempt to the existing tweet', async () => {
    const text = 'Posted just before the crash';
    // X's timeline lags: the first read misses the tweet, the duplicate 403 leads to a second look.
    const earlier = fake.addPost(text, new Date(), { hiddenReads: 1 });
    const result = await adapter.publish(input({ text, resumed: true }));
    expect(result.remoteId).toBe(earlier.id);
    expect(fake.count({ method: 'POST', path: '/2/tweets' })).toBe(1);
    expect(fake.count({ method: 'GET', path: `/2/users/${fake.user.id}/tweets` })).toBe(2);
    expect(fake.postsWithText(text)).toHaveLength(1);
  });
});

describe('X resume lookup in a burst', () => {
  const timeline = () => `/2/users/${fake.user.id}/tweets`;

  /** The interrupted attempt's tweet, then `newer` tweets of the burst above it, and old ones below. */
  function seed(text: string, newer: number, older = 0) {
    const firstAttemptAt = new Date(Date.now() - 30_000);
    for (let i = 0; i < older; i++)
      fake.addPost(`Older post ${i}`, new Date(firstAttemptAt.getTime() - 10 * 60_000 - i * 1000));
    const ours = fake.addPost(text, new Date(firstAttemptAt.getTime() + 500));
    for (let i = 0; i < newer; i++)
      fake.addPost(`Burst post ${i}`, new Date(firstAttemptAt.getTime() + 1000 + i));
    return { firstAttemptAt, ours };
  }

  it('finds the tweet of an interrupted attempt under 150 newer tweets, reading back by time', async () => {
    const text = 'Buried under a burst';
    const { firstAttemptAt, ours } = seed(text, 150, 300);
    const result = await adapter.publish(input({ text, firstAttemptAt, resumed: true }));
    expect(result.remoteId).toBe(ours.id);
    expect(fake.postsWithText(text)).toHaveLength(1);
    expect(fake.count({ method: 'POST', path: '/2/tweets' })).toBe(0);
    // 151 tweets since the first attempt (minus a minute): two pages; the 300 older ones are never read.
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === timeline());
    expect(reads).toHaveLength(2);
    expect(reads[0]!.query.get('max_results')).toBe('100');
    expect(reads[0]!.query.get('tweet.fields')).toBe('created_at');
    expect(reads[0]!.query.get('start_time')).toBe(
      new Date(Math.floor((firstAttemptAt.getTime() - 60_000) / 1000) * 1000)
        .toISOString()
        .replace('.000Z', 'Z'),
    );
    expect(reads[0]!.query.has('pagination_token')).toBe(false);
    expect(reads[1]!.query.get('pagination_token')).toBeTruthy();
  });

  it('gives up with a transient error, posting nothing, when the burst is deeper than it reads', async () => {
    const text = 'Buried too deep';
    const { firstAttemptAt } = seed(text, RESUME_PAGE_SIZE * RESUME_MAX_PAGES);
    const error = await failure(adapter.publish(input({ text, firstAttemptAt, resumed: true })));
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'resume_lookup_incomplete' } });
    expect(fake.count({ method: 'GET', path: timeline() })).toBe(RESUME_MAX_PAGES);
    expect(fake.count({ method: 'POST', path: '/2/tweets' })).toBe(0);
    expect(fake.count({ method: 'POST', path: '/2/media/upload' })).toBe(0);
    expect(fake.postsWithText(text)).toHaveLength(1);
  });
});

describe('comparableTweetText', () => {
  it('ignores entities, t.co links and whitespace', () => {
    expect(comparableTweetText('a &amp; b &lt;c&gt; https://t.co/abc')).toBe(
      comparableTweetText('a & b <c>'),
    );
  });
});
