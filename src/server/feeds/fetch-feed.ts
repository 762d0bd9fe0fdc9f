import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FeedError } from '../../shared/api/feeds.schemas';
import { type AddressPolicy, pinnedTarget, type Resolver } from '../webhooks/address-policy';

/** A feed larger than this is refused: a feed of a few hundred items is well under 1 MB. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const REDIRECTS_MAX = 5;

export type FetchResult =
  | { kind: 'ok'; body: Buffer; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'error'; code: FeedError; detail?: string };

export interface FetchRequest {
  url: string;
  etag: string | null;
  lastModified: string | null;
  /** The whole read, redirects included. */
  timeoutMs: number;
  policy: AddressPolicy;
  resolve: Resolver;
  maxBytes?: number;
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

type Hop = { kind: 'redirect'; location: string } | FetchResult;

/**
 * Reads a feed as the webhooks' address policy allows (decision 023): each hop's host is checked and
 * resolved, and the connection goes to the address that passed, so no name (or redirect) reaches a
 * private address unless allowed. At most five redirects, each checked the same way; at most `maxBytes`
 * read; the whole read bounded by `timeoutMs`. The validators of the last answer are sent back, so an
 * unchanged feed answers 304.
 */
export async function fetchFeed(request: FetchRequest): Promise<FetchResult> {
  const deadline = Date.now() + request.timeoutMs;
  let url = request.url;
  for (let hop = 0; hop <= REDIRECTS_MAX; hop++) {
    const left = deadline - Date.now();
    if (left <= 0) return { kind: 'error', code: 'timeout' };
    const result = await get(url, request, left);
    if (result.kind !== 'redirect') return result;
    try {
      url = new URL(result.location, url).href;
    } catch {
      return { kind: 'error', code: 'unreachable' };
    }
  }
  return { kind: 'error', code: 'too_many_redirects' };
}

async function get(raw: string, request: FetchRequest, timeoutMs: number): Promise<Hop> {
  const target = await pinnedTarget(raw, request.policy, request.resolve);
  if (!target.ok) return { kind: 'error', code: target.code };
  const { url, host, lookup: pinned } = target;
  const max = request.maxBytes ?? FEED_MAX_BYTES;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve) => {
    let settled = false;
    const finish = (result: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = client.request(
      {
        method: 'GET',
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          accept:
            'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.5',
          'user-agent': 'Postwell feed reader (+https://github.com/postwell)',
          ...(request.etag ? { 'if-none-match': request.etag } : {}),
          ...(request.lastModified ? { 'if-modified-since': request.lastModified } : {}),
        },
        lookup: pinned,
        agent: false,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status === 304) return finish({ kind: 'not_modified' });
        if ([301, 302, 303, 307, 308].includes(status) && res.headers.location)
          return finish({ kind: 'redirect', location: res.headers.location });
        if (status < 200 || status > 299)
          return finish({ kind: 'error', code: 'http_status', detail: String(status) });
        if (Number(res.headers['content-length'] ?? 0) > max)
          return finish({ kind: 'error', code: 'too_large' });
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > max) finish({ kind: 'error', code: 'too_large' });
          else chunks.push(chunk);
        });
        res.on('end', () =>
          finish({
            kind: 'ok',
            body: Buffer.concat(chunks),
            etag: typeof res.headers.etag === 'string' ? res.headers.etag.slice(0, 500) : null,
            lastModified:
              typeof res.headers['last-modified'] === 'string'
                ? res.headers['last-modified'].slice(0, 100)
                : null,
          }),
        );
        res.on('error', () => finish({ kind: 'error', code: 'unreachable' }));
      },
    );
    const timer = setTimeout(() => finish({ kind: 'error', code: 'timeout' }), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'error', code: TLS_CODES.test(error.code ?? '') ? 'tls_error' : 'unreachable' }),
    );
    req.end();
  });
}
