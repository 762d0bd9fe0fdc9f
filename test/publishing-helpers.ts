import type { Account } from '../src/shared/api/users.schemas';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Media } from '../src/shared/api/media.schemas';
import type { Post } from '../src/shared/api/posts.schemas';
import type { Platform } from '../src/shared/platforms/rules';
import { freePort } from './free-port';
import { multipart } from './multipart';
import { createTestApp, requestAs, type TestApp, type TestAppOptions } from './test-app';

/**
 * What the publishing integration tests share: waiting for the worker, connecting an account through the
 * OAuth round trip against a fake, uploading media, writing posts, and an app that really listens (for
 * networks that pull media from our signed links).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Call = ReturnType<typeof callAs>;

/** `requestAs` bound to one session cookie. */
export const callAs = (t: TestApp, cookie: string) => (method: Method, url: string, payload?: object) =>
  requestAs(t)(cookie, method, url, payload);

/** Polls `probe` until it returns something other than undefined; fails after `ms`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 15_000, what = 'it'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The consent URL our API hands the browser for `platform`. */
export async function startConnect(call: Call, platform: Platform): Promise<string> {
  const start = await call('GET', `/api/social/${platform}/connect`);
  expect(start.statusCode, start.body).toBe(200);
  return start.json<{ url: string }>().url;
}

/** Opens the fake's consent page like a browser that approves, and returns where it sends the browser back. */
export async function followConsent(consentUrl: string): Promise<URL> {
  const consent = await fetch(consentUrl, { redirect: 'manual' });
  const location = consent.headers.get('location');
  if (consent.status !== 302 || !location)
    throw new Error(`the consent page answered ${consent.status}: ${await consent.text()}`);
  return new URL(location);
}

/** Calls our callback with what the network sent back; returns where we redirect the browser. */
export async function callback(call: Call, platform: Platform, search: string): Promise<string> {
  const back = await call('GET', `/api/social/${platform}/callback${search}`);
  expect(back.statusCode, back.body).toBe(302);
  return String(back.headers.location);
}

/**
 * The whole OAuth round trip: start → the fake's consent redirect → our callback → the posts page saying
 * it worked. Returns the callback's query (code and state) for tests that replay it.
 */
export async function connectOAuth(call: Call, platform: Platform): Promise<string> {
  const back = await followConsent(await startConnect(call, platform));
  expect(await callback(call, platform, back.search)).toMatch(
    new RegExp(`^/w/[0-9a-f-]{36}/posts\\?platform=${platform}&connect=ok$`),
  );
  return back.search;
}

/** A small real image drawn with sharp, in `format`, of a colour derived from `seed`. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  seed = 1,
  width = 64,
  height = 48,
): Promise<Buffer> {
  const background = { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 29) % 256 };
  const image = sharp({ create: { width, height, channels: 3, background } });
  return image.toFormat(format).toBuffer();
}

/** Uploads a file through `POST /api/media`. */
export async function uploadMedia(
  t: TestApp,
  cookie: string,
  kind: 'image' | 'video',
  filename: string,
  content: Buffer,
): Promise<Media> {
  const body = multipart(filename, content);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/media?kind=${kind}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Media>();
}

/** Draws and uploads an image; returns the stored media and the bytes sent. */
export async function uploadImage(
  t: TestApp,
  cookie: string,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  seed = 1,
): Promise<{ media: Media; bytes: Buffer }> {
  const bytes = await makeImage(format, seed);
  return { media: await uploadMedia(t, cookie, 'image', `image-${seed}.${format}`, bytes), bytes };
}

/**
 * test/fixtures/clip-4s.mp4: the one-second clip.mp4 with its frames held four times as long, because
 * TikTok, Instagram and LinkedIn take no video under three seconds (MEDIA_RULES).
 */
export const clipPath = fileURLToPath(new URL('./fixtures/clip-4s.mp4', import.meta.url));

/** Uploads the four-second test clip as a video. */
export async function uploadClip(t: TestApp, cookie: string): Promise<{ media: Media; bytes: Buffer }> {
  const bytes = await readFile(clipPath);
  return { media: await uploadMedia(t, cookie, 'video', 'clip-4s.mp4', bytes), bytes };
}

export interface PostSpec {
  /** Plain text (one paragraph) or, when it starts with `<`, the composer's HTML. */
  text: string;
  platforms: Platform[];
  /** Connected accounts to post to (ids), where a network has several. */
  accounts?: string[];
  /** Due in this many milliseconds; omitted: publish now. */
  inMs?: number;
  media?: { id: string; alt?: string }[];
  /** Per-network (or, with `account`, per-account) versions: their own text (plain or HTML) and files. */
  versions?: { platform: Platform; account?: string; text: string; media?: string[] }[];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body of `POST /api/posts` for a spec. */
export function postBody(spec: PostSpec) {
  return {
    content: spec.text.startsWith('<') ? spec.text : `<p>${escapeHtml(spec.text)}</p>`,
    platforms: spec.platforms,
    ...(spec.accounts ? { accounts: spec.accounts } : {}),
    action: spec.inMs === undefined ? 'publish_now' : 'schedule',
    ...(spec.inMs === undefined ? {} : { scheduledAt: new Date(Date.now() + spec.inMs).toISOString() }),
    timezone: 'UTC',
    media: spec.media ?? [],
    ...(spec.versions
      ? {
          versions: spec.versions.map((v) => ({
            platform: v.platform,
            ...(v.account ? { account: v.account } : {}),
            content: v.text.startsWith('<') ? v.text : `<p>${escapeHtml(v.text)}</p>`,
            ...(v.media ? { media: v.media } : {}),
          })),
        }
      : {}),
  };
}

/** Creates a post (scheduled or publish now) and returns it. */
export async function createPost(call: Call, spec: PostSpec): Promise<Post> {
  const created = await call('POST', '/api/posts', postBody(spec));
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Post>();
}

export async function getPost(call: Call, id: string): Promise<Post> {
  const res = await call('GET', `/api/posts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post>();
}

const SETTLED = new Set(['published', 'failed']);

/** Waits until every target of the post is published or failed, and returns the post. */
export function waitUntilSettled(call: Call, id: string, ms = 20_000): Promise<Post> {
  return waitFor(
    async () => {
      const post = await getPost(call, id);
      // The post and its targets are read by separate queries: wait for both to agree.
      const done =
        post.targets.every((target) => SETTLED.has(target.status)) &&
        !['scheduled', 'publishing'].includes(post.status);
      return done ? post : undefined;
    },
    ms,
    `post ${id} to settle`,
  );
}

/** Waits until `predicate` holds for the post, and returns the post. */
export function waitForPost(
  call: Call,
  id: string,
  predicate: (post: Post) => boolean,
  ms = 20_000,
): Promise<Post> {
  return waitFor(
    async () => {
      const post = await getPost(call, id);
      return predicate(post) ? post : undefined;
    },
    ms,
    `post ${id}`,
  );
}

/** The user's profile (connections, configured networks, settings). */
export async function profileOf(call: Call) {
  const res = await call('GET', '/api/users/profile');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    connections: Record<string, { username: string | null; status: string }>;
    accounts: Account[];
    configured: Record<string, boolean>;
    settings: { twitterAccountType: string };
  }>();
}

/** The ids of a post's targets by platform, read from the database (the API does not expose them). */
export async function targetIds(t: TestApp, postId: string): Promise<Record<string, string>> {
  const { rows } = await t.ctx.database.executeSql(
    'select id, platform from post_targets where post_id = $1',
    [postId],
  );
  return Object.fromEntries((rows as { id: string; platform: string }[]).map((r) => [r.platform, r.id]));
}

export { freePort };

/**
 * A test app that really listens on 127.0.0.1, with PUBLIC_URL pointing at it, so that networks pulling
 * media (Instagram, TikTok) can fetch our signed `/api/media/public/...` links.
 */
export async function createListeningTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp & { publicUrl: string }> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...env, PUBLIC_URL: publicUrl }, options);
  await t.app.listen({ port, host: '127.0.0.1' });
  return Object.assign(t, { publicUrl });
}
