import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AddressPolicy, pinnedTarget, type Resolver } from './address-policy';

/** Bytes of a receiver's answer read at most; the log keeps at most EXCERPT_CHARS of them. */
const READ_BYTES_MAX = 2048;
export const EXCERPT_CHARS = 300;

export type SendResult =
  | { kind: 'answered'; status: number; excerpt: string }
  | {
      kind: 'error';
      code: 'timeout' | 'unreachable' | 'tls_error' | 'address_refused' | 'scheme_refused';
    };

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: AddressPolicy;
  resolve: Resolver;
}

/** Printable text only, one line, bounded: a receiver's answer is shown in the log, never trusted. */
function excerptOf(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).subarray(0, READ_BYTES_MAX).toString('utf8');
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const printable = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return printable.trim().slice(0, EXCERPT_CHARS);
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

/**
 * POSTs one delivery. The host is checked and resolved here, at sending time, and the connection goes to
 * the address that passed the check (our `lookup` answers with it), so a name that resolves elsewhere
 * since it was registered, or between check and connect, cannot reach a private address. TLS still
 * verifies the certificate against the host name. Redirects are not followed (a 3xx is an answer like
 * any other non-2xx); the whole exchange is bounded by `timeoutMs`; at most 2 KB of the answer is read.
 */
export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const target = await pinnedTarget(request.url, request.policy, request.resolve);
  if (!target.ok) return { kind: 'error', code: target.code };
  const { url, host, lookup: pinned } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let read = 0;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = client.request(
      {
        method: 'POST',
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        agent: false,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        const answered = () => ({
          kind: 'answered' as const,
          status: res.statusCode ?? 0,
          excerpt: excerptOf(chunks),
        });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          if (read >= READ_BYTES_MAX) finish(answered());
        });
        res.on('end', () => finish(answered()));
        res.on('error', () => finish(answered()));
      },
    );
    const timer = setTimeout(() => finish({ kind: 'error', code: 'timeout' }), request.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'error', code: TLS_CODES.test(error.code ?? '') ? 'tls_error' : 'unreachable' }),
    );
    req.end(request.body);
  });
}
