import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The shared base of every fake network server (X, LinkedIn, Facebook, Instagram, TikTok). A fake is a
 * real HTTP server on 127.0.0.1 that speaks one network's documented request sequence; this file gives it
 * request recording, body parsing and fault injection so that each fake only writes its routes.
 *
 * Usage:
 *   const server = await startFakeServer('x', (req) => (req.path === '/2/users/me' ? json(200, {…}) : undefined), {
 *     isAuthEndpoint: (req) => req.path === '/2/oauth2/token',
 *     faultReplies: { '429': () => json(429, {…}, { 'x-rate-limit-remaining': '0' }), '500': () => json(500, {…}) },
 *   });
 *   server.fault.next('500');                 // the next API call answers 500
 *   server.fault.rate(0.3, ['429', 'timeout']); // 30 % of API calls fail with one of these
 *   await server.close();
 */

/** The forced answers a test can inject into any fake. */
export type FaultKind = '429' | '500' | 'timeout' | 'garbage';

export const FAULT_KINDS: readonly FaultKind[] = ['429', '500', 'timeout', 'garbage'];

/** One multipart/form-data part, as received. */
export interface FakePart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** What the fake received, kept in `requests` so tests can assert on headers, bodies and order. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string, e.g. `/2/tweets`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The parsed body when the content type is JSON and it parses. */
  json?: unknown;
  /** The parsed body when the content type is application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** The parts when the content type is multipart/form-data. */
  parts?: FakePart[];
  /** The status answered (undefined while pending or when the fake hung up). */
  status?: number;
  /** The fault injected instead of the handler's answer, if any. */
  fault?: FaultKind;
  at: Date;
}

/** What a handler sees: the recorded request plus the full URL. */
export interface FakeRequest extends RecordedRequest {
  url: URL;
}

/**
 * A handler's answer. `body` objects are sent as JSON, strings and Buffers as they are. `hang: true`
 * never answers (the client's AbortSignal must cut it; `close()` destroys the socket).
 */
export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
  /**
   * Sent one by one after the headers, `chunkDelayMs` apart, instead of `body` (a server-sent event
   * stream); `stallAfterChunks: true` then keeps the response open instead of ending it.
   */
  chunks?: string[];
  chunkDelayMs?: number;
  stallAfterChunks?: boolean;
}

/** Which requests a fault may hit. Auth (OAuth token) endpoints are skipped unless `includeAuth`. */
export interface FaultMatch {
  method?: string;
  /** Exact path or a pattern tested against the path. */
  path?: string | RegExp;
  includeAuth?: boolean;
}

/** Fault injection, the same on every fake. */
export interface FaultControl {
  /** Queues a forced answer for the next API call matching `match` (all API calls by default). */
  next(kind: FaultKind, match?: FaultMatch): void;
  /** Makes a random fraction `p` (0..1) of matching API calls answer with one of `kinds`. `p = 0` stops it. */
  rate(p: number, kinds?: readonly FaultKind[], match?: FaultMatch): void;
  /** Removes queued and random faults (and a `retryAfter` override). */
  clear(): void;
  /**
   * Makes 429 faults announce a wait of `seconds` instead of the network's usual one (its Retry-After and
   * rate-limit reset headers keep their format), so that a test with many rate limits stays short.
   * `undefined` restores the network's own answer.
   */
  retryAfter(seconds: number | undefined): void;
  /** Every fault injected so far, in order. */
  readonly injected: { kind: FaultKind; method: string; path: string }[];
}

/** Filter for `count`: which recorded requests to count. `ok` counts only 2xx answers. */
export interface CountFilter {
  method?: string;
  path?: string | RegExp;
  ok?: boolean;
  where?: (req: RecordedRequest) => boolean;
}

export interface FakeServer {
  name: string;
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  fault: FaultControl;
  /** Alias of `fault`. */
  faults: FaultControl;
  /** How many recorded requests match, e.g. `count({ method: 'POST', path: '/2/tweets', ok: true })`. */
  count(filter?: CountFilter): number;
  /** Stops listening and destroys open sockets (including hung ones) so tests end. */
  close(): Promise<void>;
}

export type FakeHandler = (
  req: FakeRequest,
  server: FakeServer,
) => FakeReply | undefined | Promise<FakeReply | undefined>;

export interface FakeServerOptions {
  /** OAuth token (and authorize) endpoints: faults skip them unless a match says `includeAuth`. */
  isAuthEndpoint?: (req: FakeRequest) => boolean;
  /** The network's own 429 and 500 answers (rate-limit headers, error bodies). */
  faultReplies?: Partial<Record<'429' | '500', () => FakeReply>>;
  /** Random source for `fault.rate`, so a test can be made deterministic. */
  random?: () => number;
  /**
   * How long each API call (not the OAuth endpoints) takes before it is handled, as a real network's
   * does (100–1000 ms): publishing is then bound by waiting, as in production (bench:publish scale-out).
   */
  latencyMs?: number;
}

/** A JSON answer. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeReply => ({
  status,
  body,
  headers,
});

/** A 302 to `location` (OAuth authorize pages). */
export const redirect = (location: string): FakeReply => ({ status: 302, headers: { location } });

/** The default 404 for unknown routes. */
export const notFound = (req: FakeRequest): FakeReply =>
  json(404, { error: 'not_found', message: `no route ${req.method} ${req.path}` });

function matches(req: { method: string; path: string }, filter: { method?: string; path?: string | RegExp }) {
  if (filter.method && filter.method.toUpperCase() !== req.method) return false;
  if (filter.path === undefined) return true;
  return typeof filter.path === 'string' ? filter.path === req.path : filter.path.test(req.path);
}

/** The bearer token of a request, or undefined. */
export function bearer(req: RecordedRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** The `user:password` of a Basic authorization header, or undefined. */
export function basicAuth(req: RecordedRequest): { user: string; password: string } | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return {
    user: decodeURIComponent(decoded.slice(0, colon)),
    password: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

/** Splits a multipart/form-data body into its parts. */
export function parseMultipart(body: Buffer, contentType: string): FakePart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FakePart[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    // Skip the delimiter's CRLF; drop the CRLF before the next delimiter.
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const head = chunk.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? '';
      parts.push({
        name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '',
        filename: /filename="([^"]*)"/i.exec(disposition)?.[1],
        contentType: /content-type:\s*([^\r\n]*)/i.exec(head)?.[1]?.trim(),
        data: Buffer.from(chunk.subarray(headerEnd + 4)),
      });
    }
    start = next;
  }
  return parts;
}

function parseBody(req: RecordedRequest) {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!req.body.length) return;
  if (type.includes('json')) {
    try {
      req.json = JSON.parse(req.body.toString('utf8'));
    } catch {
      // Left undefined: the fake answers 400 like the real network would.
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    req.form = Object.fromEntries(new URLSearchParams(req.body.toString('utf8')));
  } else if (type.startsWith('multipart/form-data')) {
    req.parts = parseMultipart(req.body, type.includes('boundary') ? req.headers['content-type']! : '');
  }
}

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sendChunks(res: ServerResponse, reply: FakeReply & { chunks: string[] }) {
  res.writeHead(reply.status, { ...reply.headers });
  for (const chunk of reply.chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    if (reply.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs));
  }
  if (!reply.stallAfterChunks) res.end();
}

function send(res: ServerResponse, reply: FakeReply) {
  if (reply.chunks) {
    void sendChunks(res, reply as FakeReply & { chunks: string[] });
    return;
  }
  const headers = { ...reply.headers };
  let payload: Buffer | string = '';
  if (Buffer.isBuffer(reply.body) || typeof reply.body === 'string') payload = reply.body;
  else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json';
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function createFaults(options: FakeServerOptions) {
  const queue: { kind: FaultKind; match: FaultMatch }[] = [];
  let random: { p: number; kinds: readonly FaultKind[]; match: FaultMatch } | undefined;
  const injected: FaultControl['injected'] = [];
  let retryAfterSeconds: number | undefined;
  const pickRandom = options.random ?? Math.random;
  const eligible = (req: FakeRequest, match: FaultMatch) =>
    (match.includeAuth || !options.isAuthEndpoint?.(req)) && matches(req, match);

  const control: FaultControl = {
    next: (kind, match = {}) => void queue.push({ kind, match }),
    rate: (p, kinds = FAULT_KINDS, match = {}) => {
      random = p > 0 && kinds.length ? { p, kinds, match } : undefined;
    },
    clear: () => {
      queue.length = 0;
      random = undefined;
      retryAfterSeconds = undefined;
    },
    retryAfter: (seconds) => {
      retryAfterSeconds = seconds;
    },
    injected,
  };

  /** The fault this request gets, if any (consumes a queued one). */
  const take = (req: FakeRequest): FaultKind | undefined => {
    const index = queue.findIndex((entry) => eligible(req, entry.match));
    let kind: FaultKind | undefined;
    if (index >= 0) kind = queue.splice(index, 1)[0]!.kind;
    else if (random && eligible(req, random.match) && pickRandom() < random.p)
      kind = random.kinds[Math.floor(pickRandom() * random.kinds.length)] ?? random.kinds[0];
    if (kind) injected.push({ kind, method: req.method, path: req.path });
    return kind;
  };
  return { control, take, retryAfterSeconds: () => retryAfterSeconds };
}

/** A 429's rate-limit headers rewritten to announce `seconds` (see `FaultControl.retryAfter`). */
function withRetryAfter(reply: FakeReply, seconds: number): FakeReply {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'retry-after' || lower === 'ratelimit-reset') headers[name] = String(seconds);
    // Epoch seconds (X's x-rate-limit-reset and its kin), or seconds from now when the value is small.
    else if (lower === 'x-rate-limit-reset' || lower === 'x-ratelimit-reset')
      headers[name] = String(Number(value) > 1e9 ? Math.floor(Date.now() / 1000) + seconds : seconds);
    else headers[name] = value;
  }
  return { ...reply, headers };
}

function faultReply(kind: FaultKind, options: FakeServerOptions, retryAfterSeconds?: number): FakeReply {
  switch (kind) {
    case '429': {
      const reply =
        options.faultReplies?.['429']?.() ?? json(429, { error: 'rate_limited' }, { 'retry-after': '30' });
      return retryAfterSeconds === undefined ? reply : withRetryAfter(reply, retryAfterSeconds);
    }
    case '500':
      return options.faultReplies?.['500']?.() ?? json(500, { error: 'internal_error' });
    case 'garbage':
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '<html>oops</html>' };
    case 'timeout':
      return { status: 0, hang: true };
  }
}

/**
 * Starts a fake network on 127.0.0.1 (a free port). `handler` answers each request; `undefined` is a 404.
 * Every request is recorded before the handler runs; faults replace the handler's answer.
 */
export async function startFakeServer(
  name: string,
  handler: FakeHandler,
  options: FakeServerOptions = {},
): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];
  const faults = createFaults(options);
  const holder: { fake?: FakeServer } = {};

  const server = createServer((incoming, res) => {
    void (async () => {
      const body = await readBody(incoming);
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: (incoming.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        at: new Date(),
      };
      parseBody(recorded);
      requests.push(recorded);
      const req: FakeRequest = { ...recorded, url };
      const fault = faults.take(req);
      let reply: FakeReply;
      if (fault) {
        recorded.fault = fault;
        reply = faultReply(fault, options, faults.retryAfterSeconds());
      } else {
        if (options.latencyMs && !options.isAuthEndpoint?.(req))
          await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
        try {
          reply = (await handler(req, holder.fake!)) ?? notFound(req);
        } catch (error) {
          reply = json(500, { error: 'fake_crashed', message: (error as Error).message });
        }
      }
      if (reply.hang) return;
      recorded.status = reply.status;
      send(res, reply);
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const fake: FakeServer = {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    fault: faults.control,
    faults: faults.control,
    count: (filter = {}) =>
      requests.filter(
        (req) =>
          matches(req, filter) &&
          (filter.ok === undefined || filter.ok === (req.status !== undefined && req.status < 300)) &&
          (!filter.where || filter.where(req)),
      ).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  holder.fake = fake;
  return fake;
}

/** Where a page of a newest-first list ended: the last item's time and its place in creation order. */
interface ListPosition {
  at: number;
  order: number;
}

/** One page of a newest-first list (see `pageNewestFirst`). */
export interface ListPage<T> {
  items: T[];
  /** The cursor of the page after this one; undefined when this is the last page. */
  after?: string;
}

const encodePosition = (position: ListPosition) =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

function decodePosition(cursor: string): ListPosition | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<ListPosition>;
    return typeof value.at === 'number' && typeof value.order === 'number'
      ? { at: value.at, order: value.order }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page of `all` (kept in creation order) listed newest first, the way the networks list an account's
 * posts: by `createdAt`, creation order breaking ties; from `since` to `until` (epoch ms, inclusive), at
 * most `limit` items, after the opaque cursor `after` that an earlier page returned. A cursor names the
 * last item served, so posts created while a reader pages never shift what it sees next. `include` is
 * asked lazily, item by item in order, until the page is full (a lagging timeline hides some).
 * Undefined when `after` is not a cursor of ours.
 */
export function pageNewestFirst<T>(
  all: readonly T[],
  options: {
    createdAt: (item: T) => Date;
    limit: number;
    after?: string | null;
    since?: number;
    until?: number;
    include?: (item: T) => boolean;
  },
): ListPage<T> | undefined {
  const position = options.after ? decodePosition(options.after) : undefined;
  if (options.after && !position) return undefined;
  const candidates = all
    .map((item, order) => ({ item, order, at: options.createdAt(item).getTime() }))
    .filter(
      (entry) =>
        (options.since === undefined || entry.at >= options.since) &&
        (options.until === undefined || entry.at <= options.until) &&
        (!position || entry.at < position.at || (entry.at === position.at && entry.order < position.order)),
    )
    .sort((a, b) => b.at - a.at || b.order - a.order);
  const page: typeof candidates = [];
  let index = 0;
  for (; index < candidates.length && page.length < options.limit; index += 1)
    if (!options.include || options.include(candidates[index]!.item)) page.push(candidates[index]!);
  const last = page.at(-1);
  return {
    items: page.map((entry) => entry.item),
    ...(last && index < candidates.length
      ? { after: encodePosition({ at: last.at, order: last.order }) }
      : {}),
  };
}
