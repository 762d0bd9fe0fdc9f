import { describe, expect, it } from 'vitest';
import { PlatformError } from '../platforms/contract';
import { backoff, decide } from './decide';

const rules = { retryBaseMs: 30_000, maxAttempts: 6 };
const now = new Date('2026-11-27T10:00:00Z');

describe('what an attempt error means', () => {
  it('waits four times longer each try, spread by a fifth either way, never over two hours', () => {
    expect([1, 2, 3].map((n) => backoff(n, 30_000, 0.5))).toEqual([30_000, 120_000, 480_000]);
    expect(backoff(1, 30_000, 0)).toBe(24_000);
    expect(backoff(1, 30_000, 0.99999)).toBe(36_000);
    expect(backoff(20, 30_000, 0.5)).toBe(2 * 60 * 60_000);
  });

  it("fails a network's refusal for good with its words, under its code or 'refused'", () => {
    const refusal = new PlatformError('permanent', 'This video is too long for TikTok.', {
      code: 'video_too_long',
    });
    expect(decide(refusal, 1, now, rules, 0.5)).toEqual({
      kind: 'failed',
      error: 'This video is too long for TikTok.',
      code: 'video_too_long',
    });
    expect(decide(new PlatformError('permanent', 'No.'), 1, now, rules, 0.5)).toMatchObject({
      code: 'refused',
    });
  });

  it("tries a transient error again after the backoff, or the network's reset when that is later", () => {
    const timeout = new PlatformError('transient', 'X did not answer in time', { code: 'timeout' });
    expect(decide(timeout, 1, now, rules, 0.5)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 30_000),
      error: 'X did not answer in time',
      code: 'timeout',
    });
    const limited = new PlatformError('transient', 'X rate limit reached', {
      code: 'rate_limited',
      retryAfterMs: 15 * 60_000,
    });
    expect(decide(limited, 1, now, rules, 0.5)).toMatchObject({ at: new Date(now.getTime() + 15 * 60_000) });
  });

  it('gives up after the last try, or when the network asks for more than a day', () => {
    const timeout = new PlatformError('transient', 'X did not answer in time', { code: 'timeout' });
    expect(decide(timeout, 6, now, rules, 0.5)).toEqual({
      kind: 'failed',
      error: 'X did not answer in time (gave up after 6 tries)',
      code: 'timeout',
    });
    const limited = new PlatformError('transient', 'X rate limit reached', {
      retryAfterMs: 25 * 60 * 60_000,
    });
    expect(decide(limited, 1, now, rules, 0.5)).toMatchObject({ kind: 'failed' });
  });

  it('words an error of ours without its details, and tries again', () => {
    expect(decide(new TypeError('x is undefined'), 1, now, rules, 0.5)).toMatchObject({
      kind: 'retry',
      error: 'Something went wrong while publishing; the error was logged.',
      code: 'internal',
    });
  });
});
