import { describe, expect, it } from 'vitest';
import { hashToken, looksLikeToken, newToken } from './token-secret';

describe('API token secrets', () => {
  it('makes a pw_ token of 32 random bytes, stores only its hash and shows only its start', () => {
    const a = newToken();
    const b = newToken();
    expect(a.token).toMatch(/^pw_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token.slice(3), 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashToken(a.token));
    expect(a.hash).not.toContain(a.token.slice(3));
    expect(a.displayPrefix).toBe(a.token.slice(0, 9));
    expect(looksLikeToken(a.token)).toBe(true);
  });

  it('refuses what is not shaped like a token, long input included, at once', () => {
    const { token } = newToken();
    for (const bad of [
      '',
      'pw_',
      token.slice(0, -1),
      `${token}x`,
      `xx${token.slice(2)}`,
      token.replace(/.$/, '!'),
    ])
      expect(looksLikeToken(bad)).toBe(false);
    const started = performance.now();
    expect(looksLikeToken(`pw_${'a'.repeat(1_000_000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
