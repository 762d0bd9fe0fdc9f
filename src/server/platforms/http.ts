import type { Platform } from '../../shared/platforms/rules';
import { PlatformError } from './contract';

export const PLATFORM_NAMES: Record<Platform, string> = {
  twitter: 'X',
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

/** The failure for a body that is not what the network documents. Never retried: it would not change. */
export const unexpectedAnswer = (platform: Platform) =>
  new PlatformError('permanent', `unexpected answer from ${PLATFORM_NAMES[platform]}`, {
    code: 'unexpected_answer',
  });

/** No answer before the attempt's deadline. Transient: the network may still have done what we asked. */
export const timedOut = (platform: Platform) =>
  new PlatformError('transient', `${PLATFORM_NAMES[platform]} did not answer in time`, { code: 'timeout' });

/** Milliseconds to wait from a 429's headers: Retry-After (seconds or date) or an epoch-seconds reset. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
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

export interface RequestOptions extends Omit<RequestInit, 'signal'> {
  signal: AbortSignal;
  /** Pull a human message out of an error body (each network nests it differently). */
  errorMessage?: (body: unknown) => string | undefined;
}

/**
 * One HTTP call to a network, classified: a network error or timeout, 429 and 5xx are transient; 401 is
 * `auth`; other 4xx are permanent with the network's own message; a 2xx whose body is not JSON is an
 * unexpected answer. Returns the parsed JSON (or null for an empty body) and the response headers.
 */
export async function requestJson(
  platform: Platform,
  url: string,
  { signal, errorMessage, ...init }: RequestOptions,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    if (signal.aborted) throw timedOut(platform);
    throw new PlatformError(
      'transient',
      `could not reach ${PLATFORM_NAMES[platform]}: ${(error as Error).message}`,
      { code: 'unreachable' },
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw timedOut(platform);
  }
  let body: unknown = null;
  let parsed = true;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
  }
  const status = response.status;
  if (status === 429) {
    throw new PlatformError('transient', `${PLATFORM_NAMES[platform]} rate limit reached`, {
      status,
      code: 'rate_limited',
      retryAfterMs: retryAfterMs(response.headers),
    });
  }
  if (status >= 500) {
    throw new PlatformError('transient', `${PLATFORM_NAMES[platform]} had a server error (${status})`, {
      status,
      code: 'server_error',
      retryAfterMs: retryAfterMs(response.headers),
    });
  }
  if (status >= 400) {
    const message = (parsed && errorMessage?.(body)) || `${PLATFORM_NAMES[platform]} refused (${status})`;
    throw new PlatformError(status === 401 ? 'auth' : 'permanent', message, { status });
  }
  if (!parsed) throw unexpectedAnswer(platform);
  return { status, body, headers: response.headers };
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
