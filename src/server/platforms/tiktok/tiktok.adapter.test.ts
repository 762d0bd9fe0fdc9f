import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMediaFile, sniffMedia, startMediaServer } from '../../../../test/fakes/shared';
import type { MediaServer } from '../../../../test/fakes/shared';
import { startTiktokFake } from '../../../../test/fakes/tiktok';
import type { TiktokFake, TiktokFakeOptions } from '../../../../test/fakes/tiktok';
import { PlatformError } from '../contract';
import type { Credentials, PlatformAdapter, PublishInput } from '../contract';
import { chunkPlan, createTiktokAdapter, tiktokPhotoUrl } from './tiktok.adapter';
import type { TiktokOptions } from './tiktok.adapter';

/** Four seconds: TikTok and Instagram take no video under three (MEDIA_RULES). */
const CLIP = join(import.meta.dirname, '../../../../test/fixtures/clip-4s.mp4');
const REDIRECT = 'http://127.0.0.1:3000/api/connections/tiktok/callback';
const FAST: TiktokOptions = { pollIntervalMs: 5, maxPolls: 20 };

let dir: string;
let media: MediaServer;
let fake: TiktokFake;
let adapter: PlatformAdapter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-tiktok-'));
  media = await startMediaServer();
});
afterAll(async () => {
  await media.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fake = await startTiktokFake();
  adapter = createTiktokAdapter(fake.config, FAST);
});
afterEach(async () => {
  await fake.close();
});

async function restart(options: TiktokFakeOptions, adapterOptions: TiktokOptions = FAST) {
  await fake.close();
  fake = await startTiktokFake(options);
  adapter = createTiktokAdapter(fake.config, adapterOptions);
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function connect() {
  const { verifier, challenge } = pkce();
  const url = adapter.oauth!.authorizeUrl({ state: 'st', codeChallenge: challenge, redirectUri: REDIRECT });
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('st');
  const code = back.searchParams.get('code')!;
  return adapter.oauth!.exchangeCode(
    { code, codeVerifier: verifier, redirectUri: REDIRECT },
    AbortSignal.timeout(5000),
  );
}

function input(credentials: Credentials, overrides: Partial<PublishInput> = {}) {
  const saved: Record<string, string>[] = [];
  const value: PublishInput = {
    targetId: 'target-1',
    text: 'Hello TikTok #postwell',
    media: [],
    credentials,
    account: { id: fake.openId, username: fake.username },
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

const video = () => createMediaFile(dir, { video: CLIP }, media);
const image = (format: 'jpeg' | 'png' | 'webp') => createMediaFile(dir, { format }, media);
const successfulPuts = () => fake.uploads.filter((upload) => upload.status < 300);

describe('TikTok adapter', () => {
  it('connects with client_key, PKCE S256 and the handle from creator info', async () => {
    const url = new URL(
      adapter.oauth!.authorizeUrl({ state: 's', codeChallenge: 'abc', redirectUri: REDIRECT }),
    );
    expect(url.searchParams.get('client_key')).toBe(fake.env.TIKTOK_CLIENT_ID);
    expect(url.searchParams.get('client_id')).toBeNull();
    expect(url.searchParams.get('scope')).toBe('user.info.basic,video.publish,video.upload,video.list');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const { credentials, account } = await connect();
    expect(account).toEqual({ id: fake.openId, username: fake.username });
    const issued = fake.tokens[0]!;
    expect(credentials).toMatchObject({ accessToken: issued.accessToken, refreshToken: issued.refreshToken });
    expect(Date.parse(credentials.expiresAt!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const token = fake.requests.find((req) => req.path === '/v2/oauth/token/')!;
    expect(token.form).toMatchObject({
      client_key: fake.env.TIKTOK_CLIENT_ID,
      grant_type: 'authorization_code',
    });
  });

  it('a code verifier that does not match the challenge is refused', async () => {
    const url = adapter.oauth!.authorizeUrl({
      state: 's',
      codeChallenge: pkce().challenge,
      redirectUri: REDIRECT,
    });
    const code = new URL(
      (await fetch(url, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('code')!;
    const error = await failure(
      adapter.oauth!.exchangeCode(
        { code, codeVerifier: 'wrong', redirectUri: REDIRECT },
        AbortSignal.timeout(5000),
      ),
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('Code verifier');
  });

  it('refresh uses the refresh_token grant; a revoked grant is an auth failure', async () => {
    const { credentials } = await connect();
    const fresh = await adapter.oauth!.refresh(credentials, AbortSignal.timeout(5000));
    expect(fresh.accessToken).not.toBe(credentials.accessToken);
    expect(fresh.refreshToken).toBeTruthy();
    fake.revokeToken(fresh.refreshToken!);
    const error = await failure(adapter.oauth!.refresh(fresh, AbortSignal.timeout(5000)));
    expect(error.kind).toBe('auth');
  });

  it('posts a video: creator info, init, one whole chunk, status polled to PUBLISH_COMPLETE', async () => {
    const { credentials } = await connect();
    const clip = await video();
    const publish = input(credentials, { media: [clip] });
    const before = fake.requests.length;
    const result = await adapter.publish(publish);

    expect(fake.posts).toHaveLength(1);
    const post = fake.posts[0]!;
    expect(post).toMatchObject({
      kind: 'video',
      text: 'Hello TikTok #postwell',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
    });
    expect(post.media[0]!.equals(clip.data)).toBe(true);
    expect(successfulPuts()).toEqual([
      {
        publishId: post.publishId,
        range: `bytes 0-${clip.bytes - 1}/${clip.bytes}`,
        bytes: clip.bytes,
        status: 201,
      },
    ]);
    expect(publish.saved[0]).toMatchObject({ publishId: post.publishId });
    expect(result).toEqual({
      remoteId: String(post.postId),
      url: `https://www.tiktok.com/@${fake.username}/video/${post.postId}`,
    });
    const order = fake.requests.slice(before).map((req) => req.path);
    expect(order.slice(0, 4)).toEqual([
      '/v2/post/publish/creator_info/query/',
      '/v2/post/publish/video/init/',
      '/upload/',
      '/v2/post/publish/status/fetch/',
    ]);
  });

  it('uploads a larger video in chunks with Content-Range, the last chunk taking the rest', async () => {
    await restart({ minChunkBytes: 1000 }, { ...FAST, chunkBytes: 1000 });
    const { credentials } = await connect();
    const clip = await video();
    expect(chunkPlan(clip.bytes, 1000)).toEqual({ chunkSize: 1000, count: 2 });
    await adapter.publish(input(credentials, { media: [clip] }));
    expect(successfulPuts().map((put) => [put.range, put.status])).toEqual([
      [`bytes 0-999/${clip.bytes}`, 206],
      [`bytes 1000-${clip.bytes - 1}/${clip.bytes}`, 201],
    ]);
    expect(fake.posts[0]!.media[0]!.equals(clip.data)).toBe(true);
  });

  it('posts photos pulled from our media URLs (JPEG rendition for other types)', async () => {
    const { credentials } = await connect();
    const files = [await image('jpeg'), await image('png'), await image('webp')];
    expect(tiktokPhotoUrl(files[1]!)).toBe(`${files[1]!.publicUrl}&format=jpeg`);
    const result = await adapter.publish(input(credentials, { media: files, text: 'Photos' }));

    const init = fake.requests.find((req) => req.path === '/v2/post/publish/content/init/')!;
    expect(init.json).toMatchObject({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0 },
    });
    const post = fake.posts[0]!;
    expect(post).toMatchObject({ kind: 'photo', text: 'Photos' });
    expect(post.media[0]!.equals(files[0]!.data)).toBe(true);
    expect(sniffMedia(post.media[1]!)).toBe('image/jpeg');
    expect(post.media[2]!.equals(files[2]!.data)).toBe(true);
    expect(fake.fetches.map((entry) => entry.ok)).toEqual([true, true, true]);
    expect(result.url).toBe(`https://www.tiktok.com/@${fake.username}/photo/${post.postId}`);
  });

  it('a photo TikTok cannot pull fails the publish permanently', async () => {
    const { credentials } = await connect();
    const jpeg = await image('jpeg');
    media.expire(jpeg.id);
    const error = await failure(adapter.publish(input(credentials, { media: [jpeg] })));
    expect(error).toMatchObject({ kind: 'permanent', options: { code: 'media_processing_failed' } });
    expect(error.message).toContain('picture_download_failed');
  });

  it('a private post without a public id returns the publish id and no link', async () => {
    await restart({ publicPostIds: false, privacyLevelOptions: ['SELF_ONLY'] });
    const { credentials } = await connect();
    const result = await adapter.publish(input(credentials, { media: [await video()] }));
    expect(fake.posts[0]!.privacyLevel).toBe('SELF_ONLY');
    expect(result).toEqual({ remoteId: fake.posts[0]!.publishId, url: null });
  });

  it('a privacy level the account does not offer is refused before init', async () => {
    await restart({ privacyLevelOptions: ['SELF_ONLY'] });
    const { credentials } = await connect();
    const error = await failure(
      adapter.publish(
        input(credentials, {
          media: [await video()],
          settings: { tiktokPrivacyLevel: 'PUBLIC_TO_EVERYONE' },
        }),
      ),
    );
    expect(error).toMatchObject({ kind: 'permanent', options: { code: 'privacy_level_option_mismatch' } });
    expect(fake.count({ path: '/v2/post/publish/video/init/' })).toBe(0);
  });

  it('429 (rate_limit_exceeded) is transient with the Retry-After wait', async () => {
    const { credentials } = await connect();
    fake.fault.next('429');
    const error = await failure(adapter.publish(input(credentials, { media: [await video()] })));
    expect(error).toMatchObject({
      kind: 'transient',
      options: { code: 'rate_limited', retryAfterMs: 30_000 },
    });
  });

  it('the daily post cap (spam_risk_too_many_posts) is transient, retried much later', async () => {
    const { credentials } = await connect();
    fake.failNext(
      { code: 'spam_risk_too_many_posts', status: 403 },
      { path: '/v2/post/publish/video/init/' },
    );
    const error = await failure(adapter.publish(input(credentials, { media: [await video()] })));
    expect(error.kind).toBe('transient');
    expect(error.options.retryAfterMs).toBeGreaterThanOrEqual(3600_000);
  });

  it('500 is transient', async () => {
    const { credentials } = await connect();
    fake.fault.next('500');
    const error = await failure(adapter.publish(input(credentials, { media: [await video()] })));
    expect(error).toMatchObject({ kind: 'transient', options: { status: 500 } });
  });

  it('garbage is a permanent unexpected answer', async () => {
    const { credentials } = await connect();
    fake.fault.next('garbage');
    const error = await failure(adapter.publish(input(credentials, { media: [await video()] })));
    expect(error).toMatchObject({ kind: 'permanent', message: 'unexpected answer from TikTok' });
  });

  it('a timeout is transient', async () => {
    const { credentials } = await connect();
    fake.fault.next('timeout');
    const error = await failure(
      adapter.publish(input(credentials, { media: [await video()], signal: AbortSignal.timeout(300) })),
    );
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'timeout' } });
  });

  it('an invalid access token is an auth failure', async () => {
    const { credentials } = await connect();
    fake.expireToken(credentials.accessToken);
    const error = await failure(adapter.publish(input(credentials, { media: [await video()] })));
    expect(error).toMatchObject({ kind: 'auth', options: { status: 401 } });
  });

  it('access_token_invalid is auth even when TikTok answers it with another status', async () => {
    const { credentials } = await connect();
    fake.failNext({ code: 'access_token_invalid', status: 400 });
    const error = await failure(adapter.publish(input(credentials, { media: [await video()] })));
    expect(error.kind).toBe('auth');
  });

  it('resumes from the checkpointed publish_id without uploading again', async () => {
    const { credentials } = await connect();
    const clip = await video();
    fake.fault.next('500', { path: '/v2/post/publish/status/fetch/' });
    const first = input(credentials, { media: [clip] });
    await failure(adapter.publish(first));
    expect(successfulPuts()).toHaveLength(1);
    const checkpoint = first.saved[0]!;
    expect(checkpoint.publishId).toBeTruthy();

    const retry = input(credentials, { media: [clip], resumed: true, checkpoint });
    const result = await adapter.publish(retry);
    expect(fake.count({ path: '/v2/post/publish/video/init/' })).toBe(1);
    expect(fake.uploads).toHaveLength(1);
    expect(fake.posts).toHaveLength(1);
    expect(result.remoteId).toBe(String(fake.posts[0]!.postId));
    expect(retry.saved).toEqual([]);
  });

  it('a publish interrupted mid-upload sends only the missing chunks on resume', async () => {
    // Only PUTs draw from this sequence: chunk 0 passes (0.9), chunk 1 gets a 500 (0.1, then the kind).
    const draws = [0.9, 0.1, 0];
    await restart({ minChunkBytes: 1000, random: () => draws.shift() ?? 1 }, { ...FAST, chunkBytes: 1000 });
    const { credentials } = await connect();
    const clip = await video();
    fake.fault.rate(0.5, ['500'], { method: 'PUT', path: '/upload/' });
    const first = input(credentials, { media: [clip] });
    const error = await failure(adapter.publish(first));
    expect(error.kind).toBe('transient');
    expect(fake.uploads.map((put) => put.range)).toEqual([`bytes 0-999/${clip.bytes}`]);
    expect(fake.fault.injected).toEqual([{ kind: '500', method: 'PUT', path: '/upload/' }]);
    fake.fault.clear();

    const retry = input(credentials, { media: [clip], checkpoint: first.saved[0]! });
    await adapter.publish(retry);
    expect(fake.count({ path: '/v2/post/publish/video/init/' })).toBe(1);
    expect(successfulPuts().map((put) => put.range)).toEqual([
      `bytes 0-999/${clip.bytes}`,
      `bytes 1000-${clip.bytes - 1}/${clip.bytes}`,
    ]);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.media[0]!.equals(clip.data)).toBe(true);
  });

  it('a checkpointed publish_id TikTok does not know is a permanent failure, not a second post', async () => {
    const { credentials } = await connect();
    const error = await failure(
      adapter.publish(
        input(credentials, { media: [await video()], checkpoint: { publishId: 'v_pub_file~unknown' } }),
      ),
    );
    expect(error.kind).toBe('permanent');
    expect(fake.count({ path: '/v2/post/publish/video/init/' })).toBe(0);
  });
});
