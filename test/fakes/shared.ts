import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { probeVideo } from '../../src/server/media/probe';
import type { MediaFile } from '../../src/server/platforms/contract';
import type { FakeReply, FakeRequest, FaultMatch } from './fake-server';

/**
 * What the network fakes share beyond HTTP (`fake-server.ts`): the tokens they issue, recognising and
 * pulling media, queued error answers, PKCE, and the media a test hands an adapter (`createMediaFile`,
 * served by `startMediaServer` like our signed media route).
 */

/** What every fake keeps of a token it issued; a network's own fields come on top. */
export interface FakeTokenState {
  accessToken: string;
  refreshToken?: string;
  /** Set by a test (`expireToken`); fakes with lifetimes also compare an `expiresAt`. */
  expired?: boolean;
  revoked: boolean;
}

/** The tokens a fake issued, in order, and the lookups and marks its routes and tests use. */
export function createTokenStore<T extends FakeTokenState>() {
  const tokens: T[] = [];
  return {
    tokens,
    add(token: T): T {
      tokens.push(token);
      return token;
    },
    find: (accessToken: string | undefined) => tokens.find((token) => token.accessToken === accessToken),
    /** The token a refresh grant names, unless it was revoked (rotated or withdrawn). */
    findByRefresh: (refreshToken: string | undefined) =>
      tokens.find((token) => token.refreshToken === refreshToken && !token.revoked),
    /** Marks the token whose access or refresh token is `value` (every token when undefined). */
    mark(field: 'expired' | 'revoked', value?: string) {
      for (const token of tokens)
        if (value === undefined || token.accessToken === value || token.refreshToken === value)
          token[field] = true;
    },
  };
}

/** S256 of a PKCE verifier, base64url without padding (RFC 7636). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

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

/** The image type of the bytes (see `sniffMedia`), or undefined for anything else. */
export function sniffImage(bytes: Buffer): string | undefined {
  const type = sniffMedia(bytes);
  return type?.startsWith('image/') ? type : undefined;
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

/** The counts a test sets on a published post (`setMetrics`); a figure left out is one the fake does not give. */
export interface FakeMetrics {
  likes?: number;
  shares?: number;
  quotes?: number;
  comments?: number;
  reach?: number;
  impressions?: number;
}

/** Counts per remote post id, for the fakes' metrics endpoints. */
export function createMetricsStore() {
  const counts = new Map<string, FakeMetrics>();
  return {
    setMetrics: (remoteId: string, metrics: FakeMetrics) => void counts.set(remoteId, metrics),
    /** What a test set for the post, or all zero: a fresh post has no likes yet. */
    metricsOf: (remoteId: string): FakeMetrics =>
      counts.get(remoteId) ?? { likes: 0, shares: 0, quotes: 0, comments: 0, reach: 0, impressions: 0 },
  };
}
