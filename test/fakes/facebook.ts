import { createHmac, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { probeVideo } from '../../src/server/media/probe';
import type { MediaFile, NetworkConfig } from '../../src/server/platforms/contract';
import { json, pageNewestFirst, redirect, startFakeServer } from './fake-server';
import type { FakeReply, FakeRequest, FakeServer, FaultMatch } from './fake-server';

/**
 * A fake Facebook Graph API (Pages publishing) on 127.0.0.1, built on `fake-server.ts`. It speaks the
 * documented sequence: `/dialog/oauth` → `/oauth/access_token` (code, then `fb_exchange_token`) →
 * `/me/accounts` (page tokens) → `/{page}/feed`, `/{page}/photos`, `/{page}/videos`. Errors are Graph's
 * `{error:{message,type,code,error_subcode,fbtrace_id}}` with HTTP 400 (190 = bad token), as Graph does.
 *
 * This file also holds the helpers the Instagram and TikTok fakes and the adapter tests share (Graph
 * errors, pulling media over HTTP, sniffing file types, a signed media server, MediaFile fixtures).
 */

// ---------------------------------------------------------------------------------------------------
// Shared helpers (Graph family and media pulling)
// ---------------------------------------------------------------------------------------------------

/** A Graph error to inject with `failNext` or answer from a route. */
export interface GraphErrorSpec {
  /** HTTP status; Graph uses 400 for almost everything (default 400). */
  status?: number;
  code: number;
  subcode?: number;
  message?: string;
  type?: string;
  isTransient?: boolean;
  userMessage?: string;
  headers?: Record<string, string>;
}

/** Graph's error answer. */
export function graphError(spec: GraphErrorSpec): FakeReply {
  return json(
    spec.status ?? 400,
    {
      error: {
        message: spec.message ?? `(#${spec.code}) error`,
        type: spec.type ?? 'OAuthException',
        code: spec.code,
        ...(spec.subcode === undefined ? {} : { error_subcode: spec.subcode }),
        ...(spec.isTransient === undefined ? {} : { is_transient: spec.isTransient }),
        ...(spec.userMessage ? { error_user_msg: spec.userMessage } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
    spec.headers,
  );
}

/** The request's parameters as Graph reads them: query, then form or multipart text fields. */
export function params(req: FakeRequest): Record<string, string> {
  const merged: Record<string, string> = Object.fromEntries(req.query);
  Object.assign(merged, req.form ?? {});
  for (const part of req.parts ?? [])
    if (part.filename === undefined) merged[part.name] = part.data.toString('utf8');
  return merged;
}

/** The media types the fakes recognise by their first bytes. */
export function sniffMedia(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return undefined;
}

/** One media fetch a fake made from a URL the adapter gave it. */
export interface MediaFetch {
  url: string;
  /** HTTP status, or 0 when the fetch itself failed. */
  status: number;
  ok: boolean;
  contentType: string | null;
  /** The type recognised from the bytes (see `sniffMedia`). */
  sniffed: string | undefined;
  bytes: Buffer;
  error?: string;
  at: Date;
}

/** Fetches a media URL like the network's crawler does (GET, no cookies, 10 s), and records it. */
export async function pullMedia(url: string, log: MediaFetch[], timeoutMs = 10_000): Promise<MediaFetch> {
  let entry: MediaFetch;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    const bytes = Buffer.from(await response.arrayBuffer());
    entry = {
      url,
      status: response.status,
      ok: response.ok,
      contentType: response.headers.get('content-type'),
      sniffed: sniffMedia(bytes),
      bytes,
      at: new Date(),
    };
  } catch (error) {
    entry = {
      url,
      status: 0,
      ok: false,
      contentType: null,
      sniffed: undefined,
      bytes: Buffer.alloc(0),
      error: (error as Error).message,
      at: new Date(),
    };
  }
  log.push(entry);
  return entry;
}

/** Queued error answers that replace the next matching API call (like `fault.next`, any body). */
export function createFailQueue(isAuthEndpoint: (req: FakeRequest) => boolean) {
  const queue: { reply: FakeReply; match: FaultMatch }[] = [];
  const matches = (req: FakeRequest, match: FaultMatch) =>
    (match.includeAuth || !isAuthEndpoint(req)) &&
    (!match.method || match.method.toUpperCase() === req.method) &&
    (match.path === undefined ||
      (typeof match.path === 'string' ? match.path === req.path : match.path.test(req.path)));
  return {
    push: (reply: FakeReply, match: FaultMatch = {}) => void queue.push({ reply, match }),
    take(req: FakeRequest): FakeReply | undefined {
      const index = queue.findIndex((entry) => matches(req, entry.match));
      return index >= 0 ? queue.splice(index, 1)[0]!.reply : undefined;
    },
  };
}

/** Graph-style time: `2024-05-01T12:00:00+0000`. */
export const graphTimestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');

/** Graph accepts a version prefix (`/v21.0/me`); the fakes route without it. */
export const stripVersion = (path: string) => path.replace(/^\/v\d+(\.\d+)?(?=\/)/, '');

/** A Graph time parameter (`since`, `until`): unix seconds or a date string; NaN when neither. */
export function graphTimeParam(value: string): number {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  return Date.parse(value);
}

/** What a Graph list request asks for: its fields and the page window (see `pageNewestFirst`). */
export interface GraphListRequest {
  fields: string[];
  window: { limit: number; after: string | null; since?: number; until?: number };
}

/** Graph's largest page. */
const MAX_GRAPH_LIMIT = 100;

/**
 * Reads a Graph list request: `fields` (default `defaults`; unknown ones are Graph's 400), `limit`
 * (default 25, at most 100), `since` / `until`, and the `after` cursor; or the Graph error to answer.
 */
export function graphList(
  req: FakeRequest,
  known: readonly string[],
  defaults = known,
): GraphListRequest | FakeReply {
  const fields = (req.query.get('fields') ?? defaults.join(',')).split(',').filter(Boolean);
  const unknown = fields.find((field) => !known.includes(field));
  if (unknown)
    return graphError({ code: 100, message: `(#100) Tried accessing nonexisting field (${unknown})` });
  const limit = Number(req.query.get('limit') ?? 25);
  if (!Number.isInteger(limit) || limit < 1)
    return graphError({ code: 100, message: '(#100) The parameter limit must be a positive integer' });
  const window: GraphListRequest['window'] = {
    limit: Math.min(limit, MAX_GRAPH_LIMIT),
    after: req.query.get('after'),
  };
  for (const name of ['since', 'until'] as const) {
    const value = req.query.get(name);
    if (value === null) continue;
    const at = graphTimeParam(value);
    if (!Number.isFinite(at)) return graphError({ code: 100, message: `(#100) Invalid parameter ${name}` });
    window[name] = at;
  }
  return { fields, window };
}

/** Only the fields asked for (`id` always), leaving out absent values. */
export function pickFields(
  fields: readonly string[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    if ((key === 'id' || fields.includes(key)) && value !== undefined) picked[key] = value;
  return picked;
}

/**
 * Graph's `paging` for a page: while more follow, the `after` cursor and `next`, the same request with
 * that cursor, on this fake's host (as Graph's own links are on graph.facebook.com); nothing on the last.
 */
export function graphPaging(req: FakeRequest, after: string | undefined) {
  if (!after) return {};
  const next = new URL(req.url.pathname + req.url.search, `http://${req.headers.host ?? '127.0.0.1'}`);
  next.searchParams.set('after', after);
  return { cursors: { after }, next: next.toString() };
}

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

let idCounter = 100_000_000;
/** A numeric Graph id, unique within the test process. */
export const nextGraphId = () => String(++idCounter);

/** A file the media server serves. */
export interface ServedFile {
  id: string;
  path: string;
  mime: string;
}

/** A request the media server answered. */
export interface MediaServerHit {
  id: string;
  query: URLSearchParams;
  status: number;
  /** The content type sent (image/jpeg when `format=jpeg` converted the file). */
  contentType?: string;
  bytes: number;
}

export interface MediaServer {
  url: string;
  hits: MediaServerHit[];
  /** Serves a file at a signed URL and returns that URL (like `MediaFile.publicUrl`). */
  serve(file: ServedFile): string;
  /** Makes a file's URL answer 403 (an expired signature) from now on. */
  expire(id: string): void;
  close(): Promise<void>;
}

/**
 * A stand-in for our server's signed media route, for tests: `GET /media/{id}?sig=…` streams the file;
 * `&format=jpeg` answers a JPEG rendition (sharp), as the real route will for Instagram and TikTok.
 */
export async function startMediaServer(): Promise<MediaServer> {
  const files = new Map<string, ServedFile & { sig: string; expired: boolean }>();
  const hits: MediaServerHit[] = [];
  const sockets = new Set<Socket>();
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const id = decodeURIComponent(url.pathname.replace(/^\/media\//, ''));
    const file = files.get(id);
    const hit: MediaServerHit = { id, query: url.searchParams, status: 200, bytes: 0 };
    hits.push(hit);
    if (!file || url.searchParams.get('sig') !== file.sig || file.expired) {
      hit.status = file ? 403 : 404;
      res
        .writeHead(hit.status, { 'content-type': 'text/plain' })
        .end(file ? 'signature expired' : 'not found');
      return;
    }
    let data: Buffer = await readFile(file.path);
    let type = file.mime;
    if (url.searchParams.get('format') === 'jpeg' && file.mime !== 'image/jpeg') {
      data = await sharp(data).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
      type = 'image/jpeg';
    }
    Object.assign(hit, { contentType: type, bytes: data.length });
    res.writeHead(200, { 'content-type': type, 'content-length': String(data.length) }).end(data);
  };
  const server = createServer((req, res) => {
    answer(req, res).catch((error: Error) => res.writeHead(500).end(error.message));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    hits,
    serve(file) {
      const sig = randomBytes(8).toString('hex');
      files.set(file.id, { ...file, sig, expired: false });
      return `${url}/media/${encodeURIComponent(file.id)}?sig=${sig}&expires=${Date.now() + 3_600_000}`;
    },
    expire(id) {
      const file = files.get(id);
      if (file) file.expired = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let mediaCounter = 0;

/**
 * A `MediaFile` for adapter tests: an image drawn with sharp (`format` jpeg/png/gif/webp) or a copy of
 * a video, written to `dir`, served by `media` when given (its `publicUrl`).
 */
export async function createMediaFile(
  dir: string,
  spec:
    | { format: 'jpeg' | 'png' | 'gif' | 'webp'; width?: number; height?: number; altText?: string }
    | { video: string },
  media?: MediaServer,
): Promise<MediaFile & { data: Buffer }> {
  const id = `media-${++mediaCounter}`;
  let data: Buffer;
  let mime: string;
  let width: number | null = null;
  let height: number | null = null;
  if ('video' in spec) {
    data = await readFile(spec.video);
    mime = 'video/mp4';
  } else {
    width = spec.width ?? 64;
    height = spec.height ?? 48;
    const background = { r: (mediaCounter * 53) % 256, g: 120, b: 200, alpha: 1 };
    data = await sharp({ create: { width, height, channels: 4, background } })
      .toFormat(spec.format)
      .toBuffer();
    mime = `image/${spec.format}`;
  }
  const path = join(dir, `${id}.${'video' in spec ? 'mp4' : spec.format}`);
  await writeFile(path, data);
  const file: MediaFile & { data: Buffer } = {
    id,
    kind: 'video' in spec ? 'video' : 'image',
    mime,
    bytes: data.length,
    width,
    height,
    // The real length, as an upload would record it: the adapters check it against MEDIA_RULES.
    durationSeconds: 'video' in spec ? ((await probeVideo(path))?.durationSeconds ?? null) : null,
    altText: 'video' in spec ? '' : (spec.altText ?? ''),
    path,
    publicUrl: '',
    data,
  };
  file.publicUrl = media ? media.serve({ id, path, mime }) : `http://127.0.0.1:9/media/${id}`;
  return file;
}

// ---------------------------------------------------------------------------------------------------
// The Facebook fake
// ---------------------------------------------------------------------------------------------------

export interface FacebookFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The Pages the person manages (default one, "Postwell Test Page"). Empty to test "no Page". */
  pages?: { id: string; name: string }[];
  /** Refuse calls without a correct `appsecret_proof` (Graph's "Require App Secret" setting). */
  requireAppSecretProof?: boolean;
  /** Largest photo Graph accepts (default 4 MB). */
  maxPhotoBytes?: number;
  /** Random source for `fault.rate`. */
  random?: () => number;
}

/** A token the fake issued. */
export interface FacebookToken {
  token: string;
  kind: 'user-short' | 'user-long' | 'page';
  pageId?: string;
  expired: boolean;
  revoked: boolean;
}

/** One file attached to a published post. */
export interface FacebookMedia {
  id: string;
  kind: 'photo' | 'video';
  bytes: Buffer;
  /** From the bytes (see `sniffMedia`). */
  mime: string | undefined;
  altText?: string;
  /** Set when the photo was given as `url` and fetched. */
  url?: string;
}

/** A post on a Page's feed. */
export interface FacebookPost {
  /** `{page-id}_{post-id}`, as Graph returns it. */
  id: string;
  pageId: string;
  message?: string;
  createdAt: Date;
  kind: 'text' | 'photo' | 'album' | 'video';
  media: FacebookMedia[];
  /** The token that posted it. */
  token: string;
}

export interface FacebookFake extends FakeServer {
  /** The env our app needs to use this fake. */
  env: {
    FACEBOOK_CLIENT_ID: string;
    FACEBOOK_CLIENT_SECRET: string;
    FACEBOOK_AUTH_URL: string;
    FACEBOOK_TOKEN_URL: string;
    FACEBOOK_API_URL: string;
  };
  /** The same as a `NetworkConfig` for `createFacebookAdapter`. */
  config: NetworkConfig;
  pages: { id: string; name: string }[];
  /** Published posts, oldest first (including ones seeded with `seedPost`). */
  posts: FacebookPost[];
  /** Photos uploaded with `published=false`, waiting for `attached_media`. */
  unpublishedPhotos: FacebookMedia[];
  /** Photos fetched from a `url` parameter. */
  fetches: MediaFetch[];
  /** Every token issued, in order. */
  tokens: FacebookToken[];
  /** Makes a token (default: every token) answer Graph's code 190 / subcode 463 "Session has expired". */
  expireToken(token?: string): void;
  /** Makes a token (default: every token) answer code 190 / subcode 458 "has not authorized application". */
  revokeToken(token?: string): void;
  /** Answers the next matching API call with this Graph error (e.g. `{ code: 32 }`, `{ code: 190 }`). */
  failNext(error: GraphErrorSpec, match?: FaultMatch): void;
  /** `deny` makes `/dialog/oauth` redirect back with `error=access_denied`. */
  authorizeAnswer: 'approve' | 'deny';
  /** Puts a post on a Page's feed as if made elsewhere (resume tests). */
  seedPost(post: { pageId?: string; message?: string; createdAt?: Date }): FacebookPost;
}

/** What the feed can answer per post. */
const FEED_FIELDS = ['id', 'message', 'created_time'] as const;

const expiredError = () =>
  graphError({
    code: 190,
    subcode: 463,
    message: 'Error validating access token: Session has expired on Monday, 01-Jan-24 12:00:00 PST.',
  });
const revokedError = () =>
  graphError({
    code: 190,
    subcode: 458,
    message: 'Error validating access token: The user has not authorized application.',
  });
const invalidTokenError = () =>
  graphError({ code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });

/** Starts a fake Facebook Graph API. */
export async function startFacebookFake(options: FacebookFakeOptions = {}): Promise<FacebookFake> {
  const clientId = options.clientId ?? 'fb-client-id';
  const clientSecret = options.clientSecret ?? 'fb-client-secret';
  const pages = options.pages ?? [{ id: '1000001', name: 'Postwell Test Page' }];
  const maxPhotoBytes = options.maxPhotoBytes ?? 4 * 1024 * 1024;
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const tokens: FacebookToken[] = [];
  const posts: FacebookPost[] = [];
  const unpublishedPhotos: FacebookMedia[] = [];
  const fetches: MediaFetch[] = [];
  const isAuthEndpoint = (req: FakeRequest) =>
    ['/dialog/oauth', '/oauth/access_token'].includes(stripVersion(req.path));
  const failures = createFailQueue(isAuthEndpoint);
  const holder: { fake?: FacebookFake } = {};

  const issue = (kind: FacebookToken['kind'], pageId?: string) => {
    const entry: FacebookToken = {
      token: token(kind === 'page' ? 'EAAP' : 'EAAU'),
      kind,
      pageId,
      expired: false,
      revoked: false,
    };
    tokens.push(entry);
    return entry;
  };
  const find = (value: string | undefined) => tokens.find((entry) => entry.token === value);

  /** The caller's token, or the Graph error to answer. */
  const authenticate = (req: FakeRequest, p: Record<string, string>): FacebookToken | FakeReply => {
    const header = req.headers.authorization;
    const value = p.access_token ?? (header?.replace(/^(Bearer|OAuth) /, '') || undefined);
    if (!value)
      return graphError({ code: 104, message: 'An access token is required to request this resource.' });
    const entry = find(value);
    if (!entry) return invalidTokenError();
    if (entry.revoked) return revokedError();
    if (entry.expired) return expiredError();
    const proof = createHmac('sha256', clientSecret).update(value).digest('hex');
    if ((p.appsecret_proof !== undefined || options.requireAppSecretProof) && p.appsecret_proof !== proof)
      return graphError({ code: 100, message: 'Invalid appsecret_proof provided in the API argument' });
    return entry;
  };
  const isReply = (value: FacebookToken | FakeReply): value is FakeReply => 'status' in value;

  const addPost = (post: Omit<FacebookPost, 'id' | 'createdAt'>) => {
    const created: FacebookPost = { ...post, id: `${post.pageId}_${nextGraphId()}`, createdAt: new Date() };
    posts.push(created);
    return created;
  };

  const authorize = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.client_id !== clientId || !p.redirect_uri)
      return graphError({ code: 101, message: 'Error validating application. Invalid application ID.' });
    const back = new URL(p.redirect_uri);
    if (holder.fake?.authorizeAnswer === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'Permissions error');
    } else {
      const code = token('AQ');
      codes.set(code, { redirectUri: p.redirect_uri, used: false });
      back.searchParams.set('code', code);
    }
    if (p.state) back.searchParams.set('state', p.state);
    return redirect(back.toString());
  };

  const accessToken = (req: FakeRequest): FakeReply => {
    const p = params(req);
    if (p.client_id !== clientId)
      return graphError({ code: 101, message: 'Error validating application. Invalid application ID.' });
    if (p.client_secret !== clientSecret)
      return graphError({ code: 1, message: 'Error validating client secret.' });
    if (p.grant_type === 'fb_exchange_token') {
      const short = find(p.fb_exchange_token);
      if (!short || short.kind === 'page') return invalidTokenError();
      if (short.revoked) return revokedError();
      if (short.expired) return expiredError();
      return json(200, { access_token: issue('user-long').token, token_type: 'bearer', expires_in: 5183944 });
    }
    const code = p.code ? codes.get(p.code) : undefined;
    if (!code || code.used) return graphError({ code: 100, message: 'Invalid verification code format.' });
    if (code.redirectUri !== p.redirect_uri)
      return graphError({
        code: 100,
        subcode: 36008,
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      });
    code.used = true;
    return json(200, { access_token: issue('user-short').token, token_type: 'bearer', expires_in: 5183 });
  };

  /** A live page token per (page): reissued when the current one stopped working. */
  const pageTokenFor = (pageId: string) => {
    const current = [...tokens].reverse().find((entry) => entry.kind === 'page' && entry.pageId === pageId);
    return current && !current.expired && !current.revoked ? current : issue('page', pageId);
  };

  const meAccounts = (user: FacebookToken): FakeReply => {
    if (user.kind === 'page')
      return graphError({
        code: 100,
        message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
      });
    return json(200, {
      data: pages.map((page) => ({
        id: page.id,
        name: page.name,
        access_token: pageTokenFor(page.id).token,
        category: 'Software',
        tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
      })),
      paging: { cursors: { before: 'QVFIUk', after: 'QVFIUl' } },
    });
  };

  /** The photo given as `source` (multipart) or `url` (fetched), or the Graph error. */
  const receivePhoto = async (
    req: FakeRequest,
    p: Record<string, string>,
  ): Promise<FacebookMedia | FakeReply> => {
    const source = req.parts?.find((part) => part.name === 'source' && part.filename !== undefined);
    let bytes: Buffer | undefined = source?.data;
    if (!bytes && p.url) {
      const pulled = await pullMedia(p.url, fetches);
      if (!pulled.ok) return graphError({ code: 324, message: '(#324) Missing or invalid image file' });
      bytes = pulled.bytes;
    }
    if (!bytes) return graphError({ code: 324, message: '(#324) Requires upload file' });
    const mime = sniffMedia(bytes);
    if (!mime?.startsWith('image/'))
      return graphError({ code: 324, message: '(#324) Missing or invalid image file' });
    if (bytes.length > maxPhotoBytes)
      return graphError({ code: 1, message: 'An unknown error has occurred. (file too large)' });
    return { id: nextGraphId(), kind: 'photo', bytes, mime, altText: p.alt_text_custom, url: p.url };
  };

  const postPhoto = async (req: FakeRequest, pageId: string, caller: FacebookToken): Promise<FakeReply> => {
    const p = params(req);
    const photo = await receivePhoto(req, p);
    if ('status' in photo) return photo;
    if (p.published === 'false') {
      unpublishedPhotos.push(photo);
      return json(200, { id: photo.id });
    }
    const post = addPost({
      pageId,
      message: p.message ?? p.caption,
      kind: 'photo',
      media: [photo],
      token: caller.token,
    });
    return json(200, { id: photo.id, post_id: post.id });
  };

  const postFeed = (req: FakeRequest, pageId: string, caller: FacebookToken): FakeReply => {
    const p = params(req);
    const media: FacebookMedia[] = [];
    for (let index = 0; p[`attached_media[${index}]`] !== undefined; index++) {
      let fbid: unknown;
      try {
        fbid = (JSON.parse(p[`attached_media[${index}]`]!) as { media_fbid?: unknown }).media_fbid;
      } catch {
        fbid = undefined;
      }
      const photoIndex = unpublishedPhotos.findIndex((photo) => photo.id === fbid);
      if (photoIndex < 0)
        return graphError({
          code: 100,
          message: `(#100) param attached_media[${index}] has invalid media_fbid`,
        });
      media.push(unpublishedPhotos.splice(photoIndex, 1)[0]!);
    }
    if (!p.message && !media.length && !p.link)
      return graphError({ code: 100, message: '(#100) Missing message or attachment' });
    const post = addPost({
      pageId,
      message: p.message,
      kind: media.length ? 'album' : 'text',
      media,
      token: caller.token,
    });
    return json(200, { id: post.id });
  };

  const postVideo = (req: FakeRequest, pageId: string, caller: FacebookToken): FakeReply => {
    const p = params(req);
    const source = req.parts?.find((part) => part.name === 'source' && part.filename !== undefined);
    if (!source)
      return graphError({
        code: 390,
        message: 'There was a problem uploading your video file. Please try again.',
      });
    const mime = sniffMedia(source.data);
    if (mime !== 'video/mp4')
      return graphError({
        code: 352,
        message: "The video file you selected is in a format that we don't support.",
      });
    const video: FacebookMedia = { id: nextGraphId(), kind: 'video', bytes: source.data, mime };
    addPost({ pageId, message: p.description, kind: 'video', media: [video], token: caller.token });
    return json(200, { id: video.id });
  };

  /**
   * `GET /{page-id}/feed`, newest first: `fields` (of id, message, created_time), `since` / `until` (unix
   * seconds or a date, inclusive), `limit` (at most 100, default 25) and the `after` cursor. `paging.next`
   * is there while more posts follow.
   */
  const feed = (req: FakeRequest, pageId: string): FakeReply => {
    const list = graphList(req, FEED_FIELDS);
    if ('status' in list) return list;
    const page = pageNewestFirst(
      posts.filter((post) => post.pageId === pageId),
      { createdAt: (post) => post.createdAt, ...list.window },
    );
    if (!page) return graphError({ code: 100, message: '(#100) Invalid cursor' });
    const data = page.items.map((post) =>
      pickFields(list.fields, {
        id: post.id,
        message: post.message,
        created_time: graphTimestamp(post.createdAt),
      }),
    );
    return json(200, { data, paging: graphPaging(req, page.after) });
  };

  /** Page edges: the token must be this Page's page token. */
  const pageEdge = async (req: FakeRequest, pageId: string, edge: string): Promise<FakeReply | undefined> => {
    if (!pages.some((page) => page.id === pageId)) return undefined;
    const caller = authenticate(req, params(req));
    if (isReply(caller)) return caller;
    const asPage = caller.kind === 'page' && caller.pageId === pageId;
    if (req.method === 'GET' && edge === 'feed') return feed(req, pageId);
    if (req.method !== 'POST') return undefined;
    if (!asPage)
      return graphError({
        code: 200,
        message:
          '(#200) The permission(s) pages_manage_posts are not available or have not been approved for this user token; use a Page access token.',
      });
    if (edge === 'feed') return postFeed(req, pageId, caller);
    if (edge === 'photos') return postPhoto(req, pageId, caller);
    if (edge === 'videos') return postVideo(req, pageId, caller);
    return undefined;
  };

  const handler = async (req: FakeRequest): Promise<FakeReply | undefined> => {
    const injected = failures.take(req);
    if (injected) return injected;
    const path = stripVersion(req.path);
    if (path === '/dialog/oauth' && req.method === 'GET') return authorize(req);
    if (path === '/oauth/access_token' && (req.method === 'GET' || req.method === 'POST'))
      return accessToken(req);
    if (path === '/me/accounts' && req.method === 'GET') {
      const caller = authenticate(req, params(req));
      return isReply(caller) ? caller : meAccounts(caller);
    }
    const edge = /^\/([^/]+)\/(feed|photos|videos)$/.exec(path);
    if (edge) return pageEdge(req, edge[1]!, edge[2]!);
    return graphError({
      status: 400,
      code: 100,
      message: `Unsupported ${req.method} request. Object with ID '${path.slice(1)}' does not exist`,
    });
  };

  const server = await startFakeServer('facebook', handler, {
    isAuthEndpoint,
    random: options.random,
    faultReplies: {
      '429': () =>
        graphError({
          status: 429,
          code: 4,
          message: '(#4) Application request limit reached',
          isTransient: true,
          headers: {
            'retry-after': '30',
            'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 20, total_time: 40 }),
          },
        }),
      '500': () =>
        graphError({ status: 500, code: 1, message: 'An unknown error has occurred.', isTransient: true }),
    },
  });

  const mark = (field: 'expired' | 'revoked', value?: string) => {
    for (const entry of tokens) if (value === undefined || entry.token === value) entry[field] = true;
  };

  const fake: FacebookFake = Object.assign(server, {
    env: {
      FACEBOOK_CLIENT_ID: clientId,
      FACEBOOK_CLIENT_SECRET: clientSecret,
      FACEBOOK_AUTH_URL: `${server.url}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${server.url}/oauth/access_token`,
      FACEBOOK_API_URL: server.url,
    },
    config: {
      clientId,
      clientSecret,
      authUrl: `${server.url}/dialog/oauth`,
      tokenUrl: `${server.url}/oauth/access_token`,
      apiUrl: server.url,
    },
    pages,
    posts,
    unpublishedPhotos,
    fetches,
    tokens,
    expireToken: (value?: string) => mark('expired', value),
    revokeToken: (value?: string) => mark('revoked', value),
    failNext: (error: GraphErrorSpec, match?: FaultMatch) => failures.push(graphError(error), match),
    authorizeAnswer: 'approve' as 'approve' | 'deny',
    seedPost: (post: { pageId?: string; message?: string; createdAt?: Date }) => {
      const seeded = addPost({
        pageId: post.pageId ?? pages[0]?.id ?? '1000001',
        message: post.message,
        kind: 'text',
        media: [],
        token: '',
      });
      if (post.createdAt) seeded.createdAt = post.createdAt;
      return seeded;
    },
  });
  holder.fake = fake;
  return fake;
}
