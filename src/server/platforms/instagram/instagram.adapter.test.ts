import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMediaFile, sniffMedia, startMediaServer } from '../../../../test/fakes/shared';
import type { MediaServer } from '../../../../test/fakes/shared';
import { startInstagramFake } from '../../../../test/fakes/instagram';
import type { InstagramFake } from '../../../../test/fakes/instagram';
import { PlatformError } from '../contract';
import type { Credentials, PlatformAdapter, PublishInput } from '../contract';
import { RESUME_MAX_PAGES, RESUME_PAGE_SIZE } from '../resume';
import { createInstagramAdapter, instagramMediaUrl } from './instagram.adapter';

/** Four seconds: TikTok and Instagram take no video under three (MEDIA_RULES). */
const CLIP = join(import.meta.dirname, '../../../../test/fixtures/clip-4s.mp4');
const REDIRECT = 'http://127.0.0.1:3000/api/connections/instagram/callback';
const FAST = { pollIntervalMs: 5, maxPolls: 20 };

let dir: string;
let media: MediaServer;
let fake: InstagramFake;
let adapter: PlatformAdapter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-instagram-'));
  media = await startMediaServer();
});
afterAll(async () => {
  await media.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fake = await startInstagramFake();
  adapter = createInstagramAdapter(fake.config, FAST);
});
afterEach(async () => {
  await fake.close();
});

async function connect() {
  const url = adapter.oauth!.authorizeUrl({ state: 'st', codeChallenge: 'ch', redirectUri: REDIRECT });
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('st');
  const code = back.searchParams.get('code')!;
  return adapter.oauth!.exchangeCode(
    { code, codeVerifier: 'v', redirectUri: REDIRECT },
    AbortSignal.timeout(5000),
  );
}

/** A publish input plus what it checkpointed. */
function input(credentials: Credentials, overrides: Partial<PublishInput> = {}) {
  const saved: Record<string, string>[] = [];
  const value: PublishInput = {
    targetId: 'target-1',
    text: 'Hello Instagram',
    media: [],
    credentials,
    account: { id: fake.userId, username: fake.username },
    settings: {},
    resumed: false,
    firstAttemptAt: new Date(),
    checkpoint: {},
    saveCheckpoint: async (values) => void saved.push(values),
    signal: AbortSignal.timeout(5000),
    ...overrides,
  };
  return Object.assign(value, { saved });
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

const image = (format: 'jpeg' | 'png' | 'webp', altText = '') =>
  createMediaFile(dir, { format, altText }, media);
const video = () => createMediaFile(dir, { video: CLIP }, media);

describe('Instagram adapter', () => {
  it('connects: code → long-lived token → the professional account id and handle', async () => {
    const url = new URL(
      adapter.oauth!.authorizeUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT }),
    );
    expect(url.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish');
    const { credentials, account } = await connect();
    // The token answer carries user_id as a JSON number past 2^53; the id comes exact from /me.
    expect(account).toEqual({ id: fake.userId, username: fake.username });
    const long = fake.tokens.find((entry) => entry.kind === 'long')!;
    expect(credentials.accessToken).toBe(long.accessToken);
    const days = (Date.parse(credentials.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
  });

  it('refresh renews the long-lived token; a dead one is an auth failure', async () => {
    const { credentials } = await connect();
    const fresh = await adapter.oauth!.refresh(credentials, AbortSignal.timeout(5000));
    expect(fresh.accessToken).not.toBe(credentials.accessToken);
    expect(fake.count({ path: '/refresh_access_token', ok: true })).toBe(1);
    fake.revokeToken(fresh.accessToken);
    const error = await failure(adapter.oauth!.refresh(fresh, AbortSignal.timeout(5000)));
    expect(error.kind).toBe('auth');
  });

  it('publishes one JPEG: Instagram fetches it, the container is polled, the permalink returned', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg', 'Blue square');
    const publish = input(credentials, { media: [jpeg] });
    const result = await adapter.publish(publish);

    expect(fake.posts).toHaveLength(1);
    const post = fake.posts[0]!;
    expect(post.caption).toBe('Hello Instagram');
    expect(post.items[0]!.bytes.equals(jpeg.data)).toBe(true);
    expect(post.items[0]!.altText).toBe('Blue square');
    expect(fake.fetches[0]!.url).toBe(jpeg.publicUrl);
    expect(result).toEqual({ remoteId: post.id, url: post.permalink });
    expect(publish.saved).toEqual([{ containerId: post.containerId }]);
    // IN_PROGRESS first, then FINISHED.
    expect(fake.count({ method: 'GET', path: `/${post.containerId}` })).toBe(2);
  });

  it('asks our media route for a JPEG rendition of other images', async () => {
    const { credentials } = await connect();
    const png = await image('png');
    expect(instagramMediaUrl(png)).toBe(`${png.publicUrl}&format=jpeg`);
    expect(instagramMediaUrl({ ...png, publicUrl: 'https://x.test/m/1' })).toBe(
      'https://x.test/m/1?format=jpeg',
    );
    await adapter.publish(input(credentials, { media: [png] }));
    const fetched = fake.posts[0]!.items[0]!.bytes;
    expect(sniffMedia(fetched)).toBe('image/jpeg');
    expect(fetched.equals(png.data)).toBe(false);
    expect(media.hits.at(-1)).toMatchObject({ id: png.id, contentType: 'image/jpeg' });
  });

  it('publishes a carousel: one item container each, then a CAROUSEL container', async () => {
    const { credentials } = await connect();
    const files = [await image('jpeg'), await image('png'), await image('jpeg')];
    await adapter.publish(input(credentials, { media: files, text: 'Three' }));
    const creates = fake.requests.filter(
      (req) => req.method === 'POST' && req.path === `/${fake.userId}/media`,
    );
    expect(creates.map((req) => req.form?.is_carousel_item)).toEqual(['true', 'true', 'true', undefined]);
    expect(creates[3]!.form).toMatchObject({ media_type: 'CAROUSEL', caption: 'Three' });
    const post = fake.posts[0]!;
    expect(post.mediaType).toBe('CAROUSEL_ALBUM');
    expect(post.items).toHaveLength(3);
    expect(post.items[0]!.bytes.equals(files[0]!.data)).toBe(true);
    expect(post.items[2]!.bytes.equals(files[2]!.data)).toBe(true);
  });

  it('publishes a video as a reel, fetched by Instagram in the background', async () => {
    const { credentials } = await connect();
    const clip = await video();
    const result = await adapter.publish(input(credentials, { media: [clip], text: 'A reel' }));
    const create = fake.requests.find((req) => req.method === 'POST' && req.path.endsWith('/media'))!;
    expect(create.form).toMatchObject({ media_type: 'REELS', video_url: clip.publicUrl });
    const post = fake.posts[0]!;
    expect(post.items[0]).toMatchObject({ kind: 'video' });
    expect(post.items[0]!.bytes.equals(clip.data)).toBe(true);
    expect(result.url).toBe(post.permalink);
  });

  it('an image URL Instagram cannot fetch is a permanent failure with its message', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg');
    media.expire(jpeg.id);
    const error = await failure(adapter.publish(input(credentials, { media: [jpeg] })));
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('could not be fetched');
    expect(fake.fetches.at(-1)).toMatchObject({ status: 403, ok: false });
  });

  it('a video Instagram cannot fetch fails the container (ERROR) permanently', async () => {
    const { credentials } = await connect();
    const clip = await video();
    media.expire(clip.id);
    const error = await failure(adapter.publish(input(credentials, { media: [clip] })));
    expect(error).toMatchObject({ kind: 'permanent', options: { code: 'media_processing_failed' } });
    expect(fake.posts).toHaveLength(0);
  });

  it('refuses a post without media', async () => {
    const { credentials } = await connect();
    const error = await failure(adapter.publish(input(credentials)));
    expect(error).toMatchObject({ kind: 'permanent', options: { code: 'media_required' } });
  });

  it('429 is transient with the Retry-After wait', async () => {
    const { credentials } = await connect();
    fake.fault.next('429');
    const error = await failure(adapter.publish(input(credentials, { media: [await image('jpeg')] })));
    expect(error).toMatchObject({ kind: 'transient', options: { retryAfterMs: 30_000 } });
  });

  it('500 is transient', async () => {
    const { credentials } = await connect();
    fake.fault.next('500');
    const error = await failure(adapter.publish(input(credentials, { media: [await image('jpeg')] })));
    expect(error).toMatchObject({ kind: 'transient', options: { status: 500 } });
  });

  it('garbage is a permanent unexpected answer', async () => {
    const { credentials } = await connect();
    fake.fault.next('garbage');
    const error = await failure(adapter.publish(input(credentials, { media: [await image('jpeg')] })));
    expect(error).toMatchObject({ kind: 'permanent', message: 'unexpected answer from Instagram' });
  });

  it('a timeout is transient', async () => {
    const { credentials } = await connect();
    fake.fault.next('timeout');
    const error = await failure(
      adapter.publish(input(credentials, { media: [await image('jpeg')], signal: AbortSignal.timeout(300) })),
    );
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'timeout' } });
  });

  it('an expired token (Graph code 190) is an auth failure', async () => {
    const { credentials } = await connect();
    fake.expireToken(credentials.accessToken);
    const error = await failure(adapter.publish(input(credentials, { media: [await image('jpeg')] })));
    expect(error).toMatchObject({ kind: 'auth', options: { status: 400 } });
  });

  it('a container still processing after maxPolls is transient, and the next attempt publishes it', async () => {
    await fake.close();
    fake = await startInstagramFake({ inProgressPolls: 4 });
    const { credentials } = await createInstagramAdapter(fake.config, FAST).oauth!.exchangeCode(
      await codeFor(fake),
      AbortSignal.timeout(5000),
    );
    const impatient = createInstagramAdapter(fake.config, { pollIntervalMs: 1, maxPolls: 2 });
    const jpeg = await image('jpeg');
    const first = input(credentials, { media: [jpeg] });
    const error = await failure(impatient.publish(first));
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'media_processing' } });

    const retry = input(credentials, { media: [jpeg], checkpoint: first.saved[0]! });
    await createInstagramAdapter(fake.config, FAST).publish(retry);
    expect(fake.count({ method: 'POST', path: `/${fake.userId}/media` })).toBe(1);
    expect(fake.posts).toHaveLength(1);
    expect(retry.saved).toEqual([]);
  });

  it('resumes a checkpointed container instead of creating another', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg');
    fake.fault.next('500', { path: `/${fake.userId}/media_publish` });
    const first = input(credentials, { media: [jpeg] });
    await failure(adapter.publish(first));
    expect(fake.posts).toHaveLength(0);

    const retry = input(credentials, { media: [jpeg], checkpoint: first.saved[0]! });
    await adapter.publish(retry);
    expect(fake.count({ method: 'POST', path: `/${fake.userId}/media` })).toBe(1);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.containerId).toBe(first.saved[0]!.containerId);
  });

  it('on resume finds the post an earlier attempt published and does not post again', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg');
    const firstAttemptAt = new Date();
    const first = input(credentials, { media: [jpeg], firstAttemptAt });
    const published = await adapter.publish(first);

    const resumed = input(credentials, {
      media: [jpeg],
      firstAttemptAt,
      resumed: true,
      checkpoint: first.saved[0]!,
    });
    expect(await adapter.publish(resumed)).toEqual(published);
    expect(fake.posts).toHaveLength(1);
    expect(fake.count({ method: 'POST', path: `/${fake.userId}/media` })).toBe(1);
  });

  it('a checkpointed container found PUBLISHED resolves to that post even without the resumed flag', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg');
    const first = input(credentials, { media: [jpeg] });
    const published = await adapter.publish(first);
    const retry = input(credentials, {
      media: [jpeg],
      checkpoint: first.saved[0]!,
      firstAttemptAt: first.firstAttemptAt,
    });
    expect(await adapter.publish(retry)).toEqual(published);
    expect(fake.count({ method: 'POST', path: `/${fake.userId}/media_publish` })).toBe(1);
  });

  it('an expired checkpointed container is replaced by a new one', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg');
    fake.fault.next('500', { path: `/${fake.userId}/media_publish` });
    const first = input(credentials, { media: [jpeg] });
    await failure(adapter.publish(first));
    fake.expireContainer(first.saved[0]!.containerId!);
    const retry = input(credentials, { media: [jpeg], checkpoint: first.saved[0]! });
    await adapter.publish(retry);
    expect(retry.saved).toHaveLength(1);
    expect(retry.saved[0]!.containerId).not.toBe(first.saved[0]!.containerId);
    expect(fake.posts).toHaveLength(1);
  });
});

describe('Instagram resume lookup in a burst', () => {
  const listPath = () => `/${fake.userId}/media`;

  /** The interrupted attempt's post, then `newer` posts of the burst above it, and old ones below. */
  function seed(caption: string, newer: number, older = 0) {
    const firstAttemptAt = new Date(Date.now() - 30_000);
    for (let i = 0; i < older; i++)
      fake.seedPost({
        caption: `Older post ${i}`,
        createdAt: new Date(firstAttemptAt.getTime() - 10 * 60_000 - i * 1000),
      });
    const ours = fake.seedPost({ caption, createdAt: new Date(firstAttemptAt.getTime() + 500) });
    for (let i = 0; i < newer; i++)
      fake.seedPost({ caption: `Burst post ${i}`, createdAt: new Date(firstAttemptAt.getTime() + 1000 + i) });
    return { firstAttemptAt, ours };
  }
  const copies = (caption: string) => fake.posts.filter((post) => post.caption === caption);

  it('finds the post of an interrupted attempt under 150 newer posts, reading back by time', async () => {
    const { credentials } = await connect();
    const text = 'Buried under a burst';
    const { firstAttemptAt, ours } = seed(text, 150, 300);
    const resumed = input(credentials, { text, media: [await image('jpeg')], firstAttemptAt, resumed: true });
    expect(await adapter.publish(resumed)).toEqual({ remoteId: ours.id, url: ours.permalink });
    expect(copies(text)).toHaveLength(1);
    expect(fake.count({ method: 'POST', path: listPath() })).toBe(0);
    expect(fake.count({ method: 'POST', path: `/${fake.userId}/media_publish` })).toBe(0);
    // 151 posts since the first attempt (minus a minute): two pages; the 300 older ones are never read.
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === listPath());
    expect(reads).toHaveLength(2);
    expect(reads[0]!.query.get('fields')).toBe('id,caption,timestamp,permalink');
    expect(reads[0]!.query.get('limit')).toBe('100');
    expect(reads[0]!.query.get('since')).toBe(String(Math.floor((firstAttemptAt.getTime() - 60_000) / 1000)));
    expect(reads[1]!.query.get('after')).toBeTruthy();
  });

  it('gives up with a transient error, posting nothing, when the burst is deeper than it reads', async () => {
    const { credentials } = await connect();
    const text = 'Buried too deep';
    const { firstAttemptAt } = seed(text, RESUME_PAGE_SIZE * RESUME_MAX_PAGES);
    const resumed = input(credentials, { text, media: [await image('jpeg')], firstAttemptAt, resumed: true });
    const error = await failure(adapter.publish(resumed));
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'resume_lookup_incomplete' } });
    expect(fake.count({ method: 'GET', path: listPath() })).toBe(RESUME_MAX_PAGES);
    expect(fake.count({ method: 'POST', path: listPath() })).toBe(0);
    expect(fake.count({ method: 'POST', path: `/${fake.userId}/media_publish` })).toBe(0);
    expect(copies(text)).toHaveLength(1);
  });
});

/** A fresh authorization code on `target` for the default redirect. */
async function codeFor(target: InstagramFake) {
  const url = createInstagramAdapter(target.config).oauth!.authorizeUrl({
    state: 's',
    codeChallenge: 'c',
    redirectUri: REDIRECT,
  });
  const answer = await fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  return { code, codeVerifier: 'v', redirectUri: REDIRECT };
}
