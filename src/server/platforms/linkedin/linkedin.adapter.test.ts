import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLittleText, startLinkedinFake } from '../../../../test/fakes/linkedin';
import type { LinkedinFake } from '../../../../test/fakes/linkedin';
import { s256 } from '../../../../test/fakes/shared';
import { PlatformError } from '../contract';
import type { MediaFile, PlatformAdapter, PublishInput } from '../contract';
import { RESUME_MAX_PAGES, RESUME_PAGE_SIZE } from '../resume';
import { LINKEDIN_VERSION, createLinkedinAdapter } from './linkedin.adapter';
import { fromLittleText, toLittleText } from './little-text';

let dir: string;
let fake: LinkedinFake;
let adapter: PlatformAdapter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-li-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fake = await startLinkedinFake();
  adapter = createLinkedinAdapter(fake.config);
});
afterEach(async () => {
  await fake.close();
});

async function image(name: string, color: string): Promise<MediaFile> {
  const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
  const path = join(dir, `${name}.png`);
  await writeFile(path, data);
  return {
    id: name,
    kind: 'image',
    mime: 'image/png',
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
  // LinkedIn takes no video under three seconds (MEDIA_RULES).
  durationSeconds: 4,
  altText: '',
  path: join(import.meta.dirname, '../../../../test/fixtures/clip-4s.mp4'),
  publicUrl: '',
};

function input(overrides: Partial<PublishInput> = {}): PublishInput {
  const token = fake.issueToken();
  return {
    targetId: 'target-1',
    text: `Hello from Postwell ${randomBytes(3).toString('hex')}`,
    media: [],
    credentials: { accessToken: token.accessToken, refreshToken: token.refreshToken },
    account: { id: fake.personUrn, username: fake.person.name },
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

describe('LinkedIn little text', () => {
  it('escapes reserved characters and turns hashtags into templates', () => {
    expect(toLittleText('Launch (beta) #news @team 50% off_now!')).toBe(
      'Launch \\(beta\\) {hashtag|#|news} \\@team 50% off\\_now!',
    );
    expect(toLittleText('issue#4 and #a_b')).toBe('issue\\#4 and \\#a\\_b');
  });

  it('round-trips any text, and the fake reads our escaping as the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (text) => {
        const little = toLittleText(text);
        expect(fromLittleText(little)).toBe(text);
        expect(parseLittleText(little)).toMatchObject({ ok: true, text });
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[ab#_(){}@\\|*~<>[\] ]{0,20}$/), (text) => {
        expect(parseLittleText(toLittleText(text))).toMatchObject({ ok: true, text });
      }),
      { numRuns: 500 },
    );
  });
});

describe('LinkedIn OAuth', () => {
  it('is configured only with both client id and secret', () => {
    expect(adapter.configured).toBe(true);
    expect(createLinkedinAdapter({ ...fake.config, clientId: undefined }).configured).toBe(false);
  });

  it('round-trips authorize → code → tokens → refresh with PKCE checked by the fake', async () => {
    const oauth = adapter.oauth!;
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = 'http://127.0.0.1:9/oauth/callback';
    const url = new URL(oauth.authorizeUrl({ state: 'st-9', codeChallenge: s256(verifier), redirectUri }));
    expect(url.searchParams.get('scope')).toBe('openid profile w_member_social');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-9');

    const signal = AbortSignal.timeout(5000);
    const code = back.searchParams.get('code')!;
    const { credentials, account } = await oauth.exchangeCode(
      { code, codeVerifier: verifier, redirectUri },
      signal,
    );
    expect(account).toEqual({ id: fake.personUrn, username: fake.person.name });
    expect(credentials.accessToken).toBe(fake.tokens[0]!.accessToken);
    expect(Date.parse(credentials.expiresAt!)).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(fake.requests.find((r) => r.path === '/oauth/v2/accessToken')?.form).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: verifier,
      client_secret: fake.clientSecret,
    });

    const renewed = await oauth.refresh(credentials, signal);
    expect(renewed.accessToken).not.toBe(credentials.accessToken);
    expect(renewed.refreshToken).toBe(credentials.refreshToken);

    fake.revokeToken(fake.tokens.at(-1)!.accessToken);
    fake.revokeToken(credentials.accessToken);
    const refused = await failure(oauth.refresh(renewed, signal));
    expect(refused.kind).toBe('auth');
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    const oauth = adapter.oauth!;
    const redirectUri = 'http://127.0.0.1:9/cb';
    const consent = await fetch(
      oauth.authorizeUrl({
        state: 's',
        codeChallenge: s256('the-right-verifier-the-right-verifier-123'),
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

describe('LinkedIn publish', () => {
  it('posts text only with the versioned headers', async () => {
    const publishInput = input();
    const result = await adapter.publish(publishInput);
    const post = fake.posts[0]!;
    expect(post.text).toBe(publishInput.text);
    expect(result).toEqual({ remoteId: post.urn, url: `https://www.linkedin.com/feed/update/${post.urn}/` });
    const request = fake.requests.find((r) => r.method === 'POST' && r.path === '/rest/posts')!;
    expect(request.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
    expect(request.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(request.json).toMatchObject({
      author: fake.personUrn,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: { feedDistribution: 'MAIN_FEED' },
    });
  });

  it('uploads two images, escapes the commentary and posts a multi-image post', async () => {
    const red = await image('red', '#f00');
    const blue = await image('blue', '#00f');
    const text = 'Launch (beta) #news @team 50% off_now!';
    await adapter.publish(input({ text, media: [red, blue] }));

    const post = fake.posts[0]!;
    expect(post.commentary).toBe('Launch \\(beta\\) {hashtag|#|news} \\@team 50% off\\_now!');
    expect(post.text).toBe(text);
    expect(post.hashtags).toEqual(['news']);
    expect(post.media.map((m) => m.data)).toEqual([await readFile(red.path), await readFile(blue.path)]);
    expect(post.altTexts).toEqual(['alt of red', 'alt of blue']);
    expect(post.content).toHaveProperty('multiImage.images');

    const puts = fake.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0]!.headers.authorization).toBe(`Bearer ${fake.tokens[0]!.accessToken}`);
    const inits = fake.requests.filter((r) => r.path === '/rest/images');
    expect(inits.map((r) => r.json)).toEqual([
      { initializeUploadRequest: { owner: fake.personUrn } },
      { initializeUploadRequest: { owner: fake.personUrn } },
    ]);
    expect(inits[0]!.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
  });

  it('refuses what MEDIA_RULES refuse for LinkedIn before calling it: 21 images, a 1-second video', async () => {
    const before = fake.requests.length;
    const photo = await image('many', '#0a0');
    const many = await failure(adapter.publish(input({ media: Array.from({ length: 21 }, () => photo) })));
    expect(many).toMatchObject({ kind: 'permanent', options: { code: 'too_many_images' } });
    const short = await failure(adapter.publish(input({ media: [{ ...clip, durationSeconds: 1 }] })));
    expect(short).toMatchObject({ kind: 'permanent', options: { code: 'video_too_short' } });
    expect(fake.requests.length).toBe(before);
  });

  it('posts one image as content.media', async () => {
    await adapter.publish(input({ media: [await image('one', '#0f0')] }));
    expect(fake.posts[0]!.content).toMatchObject({ media: { altText: 'alt of one' } });
  });

  it('uploads a video in parts, finalizes it and waits until it is available', async () => {
    await adapter.publish(input({ media: [clip] }));
    const video = fake.posts[0]!.media[0]!;
    expect(video.kind).toBe('video');
    expect(video.data).toEqual(await readFile(clip.path));
    const finalize = fake.requests.find((r) => r.query.get('action') === 'finalizeUpload')!;
    expect(finalize.json).toEqual({
      finalizeUploadRequest: { video: video.urn, uploadToken: '', uploadedPartIds: video.etags },
    });
    expect(fake.count({ method: 'GET', path: /^\/rest\/videos\// })).toBe(2);
  });

  it('the fake refuses unescaped commentary (so the escaping test above can fail)', async () => {
    const token = fake.issueToken();
    const response = await fetch(`${fake.url}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'content-type': 'application/json',
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
      },
      body: JSON.stringify({
        author: fake.personUrn,
        commentary: 'Launch (beta)',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, serviceErrorCode: 100 });
  });

  it('turns a 429 into a transient failure that waits for Retry-After', async () => {
    fake.fault.next('429', { path: '/rest/posts' });
    const error = await failure(adapter.publish(input()));
    expect(error.kind).toBe('transient');
    expect(error.options.retryAfterMs).toBe(60_000);
  });

  it('turns a 500 into a transient failure', async () => {
    fake.fault.next('500');
    const error = await failure(adapter.publish(input()));
    expect(error.kind).toBe('transient');
    expect(error.options.status).toBe(500);
  });

  it('turns a non-JSON 200 into a permanent unexpected answer', async () => {
    fake.fault.next('garbage', { path: '/rest/images' });
    const error = await failure(adapter.publish(input({ media: [await image('g', '#123')] })));
    expect(error.kind).toBe('permanent');
    expect(error.message).toBe('unexpected answer from LinkedIn');
    expect(fake.posts).toHaveLength(0);
  });

  it('turns a hanging LinkedIn into a transient timeout', async () => {
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
  });

  it('finds the post of an interrupted attempt instead of posting again', async () => {
    const first = input({ text: 'Big news (really) #launch' });
    const posted = await adapter.publish(first);
    const resumed = await adapter.publish({ ...first, resumed: true });
    expect(resumed).toEqual(posted);
    expect(fake.postsWithText(first.text)).toHaveLength(1);
    expect(fake.count({ method: 'POST', path: '/rest/posts' })).toBe(1);
    const listing = fake.requests.find((r) => r.method === 'GET' && r.path === '/rest/posts')!;
    expect(listing.query.get('author')).toBe(fake.personUrn);
    expect(listing.query.get('q')).toBe('author');
  });

  it('without the finder, takes LinkedIn DUPLICATE_POST on a resumed attempt as the earlier post', async () => {
    fake.setPostListing(false);
    const first = input({ text: 'Posted right before the crash' });
    const posted = await adapter.publish(first);
    const resumed = await adapter.publish({ ...first, resumed: true });
    expect(resumed).toEqual(posted);
    expect(fake.postsWithText(first.text)).toHaveLength(1);
  });

  it('does not claim an older post with the same text; LinkedIn then refuses the duplicate', async () => {
    const text = 'Weekly update';
    fake.addPost(toLittleText(text), new Date(Date.now() - 86_400_000));
    const error = await failure(adapter.publish(input({ text, resumed: true })));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/^Content is a duplicate of urn:li:share:\d+$/);
    expect(fake.postsWithText(text)).toHaveLength(1);
  });
});

describe('LinkedIn resume lookup in a burst', () => {
  const finder = () => fake.requests.filter((r) => r.method === 'GET' && r.path === '/rest/posts');

  /** The interrupted attempt's post, then `newer` posts of the burst above it, and old ones below. */
  function seed(text: string, newer: number, older = 0) {
    const firstAttemptAt = new Date(Date.now() - 30_000);
    for (let i = 0; i < older; i++)
      fake.addPost(`Older post ${i}`, new Date(firstAttemptAt.getTime() - 10 * 60_000 - i * 1000));
    const ours = fake.addPost(toLittleText(text), new Date(firstAttemptAt.getTime() + 500));
    for (let i = 0; i < newer; i++)
      fake.addPost(`Burst post ${i}`, new Date(firstAttemptAt.getTime() + 1000 + i));
    return { firstAttemptAt, ours };
  }

  it('finds the post of an interrupted attempt under 150 newer posts, paging by start', async () => {
    const text = 'Buried under a burst (really) #launch';
    const { firstAttemptAt, ours } = seed(text, 150, 300);
    const result = await adapter.publish(input({ text, firstAttemptAt, resumed: true }));
    expect(result.remoteId).toBe(ours.urn);
    expect(fake.postsWithText(text)).toHaveLength(1);
    expect(fake.count({ method: 'POST', path: '/rest/posts' })).toBe(0);
    const reads = finder();
    expect(reads.map((r) => r.query.get('start'))).toEqual(['0', '100']);
    expect(reads[0]!.query.get('count')).toBe('100');
    expect(reads[0]!.query.get('sortBy')).toBe('LAST_MODIFIED');
    expect(reads[0]!.query.get('q')).toBe('author');
    expect(reads[0]!.query.get('author')).toBe(fake.personUrn);
  });

  it('stops at the first post last modified before the first attempt', async () => {
    const text = 'Not there at all';
    const { firstAttemptAt } = seed('Something else', 150, 300);
    await adapter.publish(input({ text, firstAttemptAt, resumed: true }));
    // 151 posts in the window, then an older one on the second page: no third page.
    expect(finder().map((r) => r.query.get('start'))).toEqual(['0', '100']);
    expect(fake.postsWithText(text)).toHaveLength(1);
  });

  it('reads past an old post edited during the burst (it sorts first by LAST_MODIFIED)', async () => {
    const text = 'Under an edited post';
    const { firstAttemptAt, ours } = seed(text, 3, 5);
    fake.posts[0]!.lastModifiedAt = new Date();
    const result = await adapter.publish(input({ text, firstAttemptAt, resumed: true }));
    expect(result.remoteId).toBe(ours.urn);
    expect(fake.count({ method: 'POST', path: '/rest/posts' })).toBe(0);
  });

  it('gives up with a transient error, posting nothing, when the burst is deeper than it reads', async () => {
    const text = 'Buried too deep';
    const { firstAttemptAt } = seed(text, RESUME_PAGE_SIZE * RESUME_MAX_PAGES);
    const error = await failure(adapter.publish(input({ text, firstAttemptAt, resumed: true })));
    expect(error).toMatchObject({ kind: 'transient', options: { code: 'resume_lookup_incomplete' } });
    expect(finder()).toHaveLength(RESUME_MAX_PAGES);
    expect(fake.count({ method: 'POST' })).toBe(0);
    expect(fake.postsWithText(text)).toHaveLength(1);
  });
});
