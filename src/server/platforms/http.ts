import type * as Undici from 'undici';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import type { Platform } from '../../shared/platforms/rules';
import { PlatformError } from './contract';

/** The failure for a body that is not what the network documents. Never retried: it would not change. */
export const unexpectedAnswer = (platform: Platform) =>
  new PlatformError('permanent', `unexpected answer from ${PLATFORM_NAMES[platform]}`, {
    code: 'unexpected_answer',
  });

/** No answer before the attempt's deadline. Transient: the network may still have done what we asked. */
export const timedOut = (platform: Platform) =>
  new PlatformError('transient', `${PLATFORM_NAMES[platform]} did not answer in time`, { code: 'timeout' });

/** What is read of an answer's headers. */
export interface ResponseHeaders {
  get(name: string): string | null;
}

/** Headers as a client library hands them (name → value or values) to read by name, any case. */
export function headersFrom(raw: Record<string, string | string[] | undefined>): ResponseHeaders {
  // Read only when asked (most answers are read for their body alone).
  let lower: Map<string, string> | undefined;
  return {
    get(name) {
      if (!lower) {
        lower = new Map();
        for (const [key, value] of Object.entries(raw))
          if (value !== undefined)
            lower.set(key.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
      }
      return lower.get(name.toLowerCase()) ?? null;
    },
  };
}

/** Milliseconds to wait from a 429's headers: Retry-After (seconds or date) or an epoch-seconds reset. */
export function retryAfterMs(headers: ResponseHeaders, now = Date.now()): number | undefined {
  const after = headers.get('retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  for (const name of ['x-rate-limit-reset', 'x-ratelimit-reset', 'ratelimit-reset']) {
    const value = Number(headers.get(name));
    if (!value) continue;
    // Epoch seconds (X) or seconds from now (the IETF draft header).
    return value > 1e9 ? Math.max(0, value * 1000 - now) : value * 1000;
  }
  return undefined;
}

export interface RequestOptions {
  method: string;
  headers?: Record<string, string>;
  /** Sent with the content type `fetch` would give it when `headers` names none. */
  body?: string | URLSearchParams | Blob | Uint8Array;
  signal: AbortSignal;
  /** Pull a human message out of an error body (each network nests it differently). */
  errorMessage?: (body: unknown) => string | undefined;
}

/**
 * Runs `call` with a signal that aborts after `ms` (its reason a `TimeoutError`, as `AbortSignal.timeout`
 * gives) and clears the timer when the call ends. `AbortSignal.timeout` costs 10 µs a signal on the
 * machine of issue 15 and keeps each one in a finalization registry until it is collected; a
 * controller's signal and a timer cost 5 µs.
 */
export async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * undici's own client, loaded on the first call to a network (or when a worker starts, `loadClient`).
 * It costs a fifth of the CPU of `fetch` per call (the same library behind a WHATWG layer of streams,
 * signals and headers objects): 66 µs against 357 µs on the machine of issue 15, where a burst of
 * 10,000 posts spent a third of the worker's time in `fetch`. Redirects are followed as `fetch` would.
 */
let client: Promise<{ request: typeof Undici.request; dispatcher: Undici.Dispatcher }>;
export const loadClient = () =>
  (client ??= import('undici').then(({ Agent, interceptors, request }) => ({
    request,
    dispatcher: new Agent().compose(interceptors.redirect({ maxRedirections: 20 })),
  })));

/** The body as bytes or text, and the content type `fetch` would have sent with it. */
async function payloadOf(body: RequestOptions['body']) {
  if (body === undefined) return { payload: undefined, type: undefined };
  if (typeof body === 'string') return { payload: body, type: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams)
    return { payload: body.toString(), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof Blob)
    return { payload: new Uint8Array(await body.arrayBuffer()), type: body.type || undefined };
  return { payload: body, type: undefined };
}

/**
 * One HTTP call to a network, classified: a network error or timeout, 429 and 5xx are transient; 401 is
 * `auth`; other 4xx are permanent with the network's own message; a 2xx whose body is not JSON is an
 * unexpected answer. Returns the parsed JSON (or null for an empty body) and the response headers.
 */
export async function requestJson(
  platform: Platform,
  url: string,
  { signal, errorMessage, method, headers = {}, body }: RequestOptions,
): Promise<{ status: number; body: unknown; headers: ResponseHeaders }> {
  const { request, dispatcher } = await loadClient();
  const { payload, type } = await payloadOf(body);
  const sent = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  let status: number;
  let answer: Record<string, string | string[] | undefined>;
  let text: string;
  try {
    const response = await request(url, {
      method: method as Undici.Dispatcher.HttpMethod,
      headers: type && !sent ? { ...headers, 'content-type': type } : headers,
      body: payload,
      signal,
      dispatcher,
    });
    status = response.statusCode;
    answer = response.headers;
    try {
      text = await response.body.text();
    } catch {
      throw timedOut(platform);
    }
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    if (signal.aborted) throw timedOut(platform);
    throw new PlatformError(
      'transient',
      `could not reach ${PLATFORM_NAMES[platform]}: ${(error as Error).message}`,
      { code: 'unreachable' },
    );
  }
  const responseHeaders = headersFrom(answer);
  let parsed: unknown = null;
  let isJson = true;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      isJson = false;
    }
  }
  if (status === 429) {
    throw new PlatformError('transient', `${PLATFORM_NAMES[platform]} rate limit reached`, {
      status,
      code: 'rate_limited',
      retryAfterMs: retryAfterMs(responseHeaders),
    });
  }
  if (status >= 500) {
    throw new PlatformError('transient', `${PLATFORM_NAMES[platform]} had a server error (${status})`, {
      status,
      code: 'server_error',
      retryAfterMs: retryAfterMs(responseHeaders),
    });
  }
  if (status >= 400) {
    const message = (isJson && errorMessage?.(parsed)) || `${PLATFORM_NAMES[platform]} refused (${status})`;
    throw new PlatformError(status === 401 ? 'auth' : 'permanent', message, { status });
  }
  if (!isJson) throw unexpectedAnswer(platform);
  return { status, body: parsed, headers: responseHeaders };
}

/** The body, checked against the shape the network documents; anything else is an unexpected answer. */
export function expectShape<T>(
  platform: Platform,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success) throw unexpectedAnswer(platform);
  return result.data;
}
