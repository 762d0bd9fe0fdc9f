import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AtpAgent } from '@atproto/api';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPds, type TestPdsHandle } from '../../../../test/pds';
import { type Credentials, type MediaFile, PlatformError, type PublishInput } from '../contract';
import { connectBluesky, createBlueskyAdapter, recordKeyFor } from './bluesky.adapter';

// A real PDS and PLC directory on 127.0.0.1 (test/pds.ts): the adapter speaks the genuine XRPC API.

const MAIN_PASSWORD = 'alice-main-password';
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

let pds: TestPdsHandle;
let alice: { did: string; handle: string };
let appPassword: string;
let dir: string;

const signal = () => AbortSignal.timeout(20_000);
const connect = (password: string, handle = 'alice.test') =>
  connectBluesky(pds.url, handle, password, signal());

/** What the connect route rejects with, for `expect(...).rejects.toMatchObject`. */
const refusal = (kind: string, code?: string, message?: string) => ({
  name: 'PlatformError',
  kind,
  ...(message ? { message } : {}),
  ...(code ? { options: expect.objectContaining({ code }) } : {}),
});

async function image(name: string, format: 'png' | 'jpeg', width: number, height: number, alt: string) {
  const file = path.join(dir, name);
  const blank = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  const data = await (format === 'png' ? blank.png() : blank.jpeg()).toBuffer();
  await writeFile(file, data);
  const media: MediaFile = {
    id: name,
    kind: 'image',
    mime: `image/${format}`,
    bytes: data.length,
    width,
    height,
    durationSeconds: null,
    altText: alt,
    path: file,
    publicUrl: '',
  };
  return media;
}

function publishInput(credentials: Credentials, overrides: Partial<PublishInput> = {}): PublishInput {
  return {
    targetId: crypto.randomUUID(),
    text: 'Hello from Postwell',
    media: [],
    credentials,
    account: { id: alice.did, username: alice.handle },
    settings: {},
    resumed: false,
    firstAttemptAt: new Date(),
    checkpoint: {},
    saveCheckpoint: async () => undefined,
    signal: signal(),
    ...overrides,
  };
}

const adapter = () => createBlueskyAdapter({ serviceUrl: pds.url });
const rkeyOf = (uri: string) => uri.split('/').pop() ?? '';
const xrpcCalls = (spy: { mock: { calls: unknown[][] } }, method: string) =>
  spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes(method))
    .length;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'postwell-bluesky-'));
  pds = await startPds();
  console.info(`PDS started in ${pds.startupMs} ms at ${pds.url}`);
  alice = await pds.createAccount('alice.test', MAIN_PASSWORD);
  appPassword = await pds.createAppPassword('alice.test', MAIN_PASSWORD, 'postwell');
}, 120_000);

afterAll(async () => {
  await pds?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('connectBluesky', { timeout: 30_000 }, () => {
  it('connects with an app password and keeps the session and the app password', async () => {
    const { credentials, account } = await connect(appPassword);
    expect(account).toEqual({ id: alice.did, username: 'alice.test' });
    expect(credentials.accessToken).toMatch(/^ey/);
    expect(credentials.refreshToken).toMatch(/^ey/);
    expect(Date.parse(credentials.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(credentials.extra).toMatchObject({ appPassword, did: alice.did, handle: 'alice.test' });
    // The DID document names the PDS by its public URL.
    expect(credentials.extra?.service).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+$/);
  });

  it('accepts the handle typed with an @ and capitals', async () => {
    const { account } = await connect(appPassword, ' @Alice.TEST ');
    expect(account.id).toBe(alice.did);
  });

  it('refuses the main password', async () => {
    await expect(connect(MAIN_PASSWORD)).rejects.toMatchObject(
      refusal('permanent', 'main_password', 'Use an app password, not your main password.'),
    );
  });

  it('says so when the app password is wrong', async () => {
    await expect(connect('aaaa-bbbb-cccc-dddd')).rejects.toMatchObject(
      refusal('permanent', 'bad_credentials', 'Invalid identifier or password'),
    );
  });

  it('says so when no account has the handle', async () => {
    await expect(connect(appPassword, 'nobody.test')).rejects.toMatchObject(
      refusal('permanent', 'handle_not_found'),
    );
  });
});

describe('publish', { timeout: 30_000 }, () => {
  it('publishes text with a link and a hashtag and two images with alt text', async () => {
    const { credentials } = await connect(appPassword);
    const text = 'Café opening 🎉 menu at https://example.com/menu?day=1 #postwell';
    const media = [
      await image('wide.png', 'png', 300, 200, 'A blue rectangle, wide'),
      await image('tall.jpg', 'jpeg', 120, 240, 'A blue rectangle, tall'),
    ];
    const input = publishInput(credentials, { text, media });
    const result = await adapter().publish(input);

    const rkey = recordKeyFor(input.targetId);
    expect(rkey).toMatch(TID);
    expect(result).toEqual({
      remoteId: `at://${alice.did}/app.bsky.feed.post/${rkey}`,
      url: `https://bsky.app/profile/alice.test/post/${rkey}`,
    });

    const record = await pds.getRecord(alice.did, 'app.bsky.feed.post', rkey);
    expect(record?.text).toBe(text);
    const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
    const linkStart = bytes(text.slice(0, text.indexOf('https://')));
    const tagStart = bytes(text.slice(0, text.indexOf('#postwell')));
    expect(record?.facets).toEqual([
      {
        index: { byteStart: linkStart, byteEnd: linkStart + bytes('https://example.com/menu?day=1') },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/menu?day=1' }],
      },
      {
        index: { byteStart: tagStart, byteEnd: tagStart + bytes('#postwell') },
        features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'postwell' }],
      },
    ]);

    const embed = record?.embed as {
      $type: string;
      images: { alt: string; aspectRatio: unknown; image: { mimeType: string; ref: { $link: string } } }[];
    };
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(embed.images.map(({ alt, aspectRatio }) => ({ alt, aspectRatio }))).toEqual([
      { alt: 'A blue rectangle, wide', aspectRatio: { width: 300, height: 200 } },
      { alt: 'A blue rectangle, tall', aspectRatio: { width: 120, height: 240 } },
    ]);
    expect(embed.images.map((i) => i.image.mimeType)).toEqual(['image/png', 'image/jpeg']);
    for (const [i, entry] of embed.images.entries()) {
      const blob = await pds.getBlob(alice.did, entry.image.ref.$link);
      // Both fit Bluesky's limits, so they go up unchanged.
      expect(blob.equals(await readFile(media[i]!.path))).toBe(true);
    }
  });

  it('converts an image over 1 MB to a JPEG that fits', async () => {
    const { credentials } = await connect(appPassword);
    const file = path.join(dir, 'noise.png');
    const noise = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1_000_000);
    await writeFile(file, noise);
    const media: MediaFile = {
      id: 'noise',
      kind: 'image',
      mime: 'image/png',
      bytes: noise.length,
      width: 1400,
      height: 1000,
      durationSeconds: null,
      altText: 'Grey noise',
      path: file,
      publicUrl: '',
    };
    const result = await adapter().publish(publishInput(credentials, { text: '', media: [media] }));
    const record = await pds.getRecord(alice.did, 'app.bsky.feed.post', rkeyOf(result.remoteId));
    const [entry] = (record?.embed as { images: { image: { mimeType: string; size: number } }[] }).images;
    expect(entry?.image.mimeType).toBe('image/jpeg');
    expect(entry?.image.size).toBeLessThanOrEqual(1_000_000);
  });

  it('publishes a target once even when it is retried after a crash', async () => {
    const { credentials } = await connect(appPassword);
    const targetId = crypto.randomUUID();
    const text = `Exactly once ${targetId}`;
    const first = await adapter().publish(publishInput(credentials, { targetId, text }));
    const retry = await adapter().publish(publishInput(credentials, { targetId, text, resumed: true }));
    expect(retry).toEqual(first);
    const posts = await pds.listPosts(alice.did);
    expect(posts.filter((post) => post.value.text === text)).toHaveLength(1);
  });

  it('publishes a target once when two attempts race', async () => {
    const { credentials } = await connect(appPassword);
    const targetId = crypto.randomUUID();
    const text = `Racing ${targetId}`;
    const results = await Promise.all([
      adapter().publish(publishInput(credentials, { targetId, text })),
      adapter().publish(publishInput(credentials, { targetId, text })),
    ]);
    expect(results[1]).toEqual(results[0]);
    const posts = await pds.listPosts(alice.did);
    expect(posts.filter((post) => post.value.text === text)).toHaveLength(1);
  });

  it('refreshes an expired access token without asking for the password', async () => {
    const { credentials } = await connect(appPassword);
    const expired = { ...credentials, accessToken: pds.expireAccessToken(credentials.accessToken) };
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await adapter().publish(publishInput(expired));
    expect(result.remoteId).toMatch(/^at:\/\//);
    expect(xrpcCalls(fetchSpy, 'com.atproto.server.refreshSession')).toBe(1);
    expect(xrpcCalls(fetchSpy, 'com.atproto.server.createSession')).toBe(0);
  });

  it('logs in again with the app password when the session cannot be refreshed', async () => {
    const { credentials } = await connect(appPassword);
    const dead = {
      ...credentials,
      accessToken: pds.expireAccessToken(credentials.accessToken),
      refreshToken: pds.expireAccessToken(credentials.refreshToken ?? ''),
    };
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await adapter().publish(publishInput(dead));
    expect(result.remoteId).toMatch(/^at:\/\//);
    expect(xrpcCalls(fetchSpy, 'com.atproto.server.createSession')).toBe(1);
  });

  it('asks for a reconnect when the app password was revoked', async () => {
    const spare = await pds.createAppPassword('alice.test', MAIN_PASSWORD, 'spare');
    const { credentials } = await connect(spare);
    const owner = new AtpAgent({ service: pds.url });
    await owner.login({ identifier: 'alice.test', password: MAIN_PASSWORD });
    await owner.com.atproto.server.revokeAppPassword({ name: 'spare' });
    const expired = { ...credentials, accessToken: pds.expireAccessToken(credentials.accessToken) };
    await expect(adapter().publish(publishInput(expired))).rejects.toMatchObject(refusal('auth'));
  });

  it('refuses what Bluesky refuses, with its message', async () => {
    const { credentials } = await connect(appPassword);
    const error = await adapter()
      .publish(publishInput(credentials, { text: 'x'.repeat(3001) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'permanent', options: { status: 400 } });
    expect((error as Error).message).toMatch(/text/i);
  });

  it('gives up when the signal is aborted', async () => {
    const { credentials } = await connect(appPassword);
    const input = publishInput(credentials, { signal: AbortSignal.abort() });
    await expect(adapter().publish(input)).rejects.toMatchObject(refusal('transient', 'timeout'));
  });
});

describe('failures of the network', { timeout: 30_000 }, () => {
  let fake: Server;
  let answer: (res: ServerResponse) => void;

  beforeAll(async () => {
    fake = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.close(resolve));
  });

  const fakeUrl = () => `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  const connectFake = () => connectBluesky(fakeUrl(), 'alice.test', 'aaaa-bbbb-cccc-dddd', signal());
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    answer = (res) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
  };

  it('retries later on a rate limit, after its reset', async () => {
    json(429, { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, { 'ratelimit-reset': '30' });
    const error = await connectFake().catch((e: unknown) => e);
    expect(error).toMatchObject(refusal('transient', 'rate_limited'));
    expect((error as PlatformError).options.retryAfterMs).toBe(30_000);
  });

  it('retries later on a server error', async () => {
    json(502, { error: 'UpstreamFailure' });
    await expect(connectFake()).rejects.toMatchObject(refusal('transient', 'server_error'));
  });

  it('does not retry an answer the lexicon does not describe', async () => {
    json(200, { did: 42 });
    await expect(connectFake()).rejects.toMatchObject(refusal('permanent', 'unexpected_answer'));
  });

  it('retries later when the PDS cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(connectBluesky(url, 'alice.test', 'x', signal())).rejects.toMatchObject(
      refusal('transient', 'unreachable'),
    );
  });
});
