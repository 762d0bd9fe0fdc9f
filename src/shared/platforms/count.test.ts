import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { remainingChars, textLength } from './count';
import { PLATFORMS } from './rules';

describe('textLength', () => {
  it('counts every URL as 23 on X, whatever its length', () => {
    expect(textLength('twitter', 'see https://example.com/a/very/long/path/that/goes/on?and=on')).toBe(
      4 + 23,
    );
    expect(textLength('twitter', 'example.com')).toBe(23);
  });

  it('weighs CJK and emoji double on X', () => {
    expect(textLength('twitter', '你好世界')).toBe(8);
    expect(textLength('twitter', '👍')).toBe(2);
    expect(textLength('twitter', '👩‍👩‍👧‍👦')).toBe(2);
    expect(textLength('twitter', 'café')).toBe(4);
  });

  it('counts graphemes on Bluesky: a family emoji, a flag or a combining accent is one', () => {
    expect(textLength('bluesky', '👩‍👩‍👧‍👦')).toBe(1);
    expect(textLength('bluesky', '🇫🇷')).toBe(1);
    expect(textLength('bluesky', 'cafe\u0301')).toBe(4);
    expect(textLength('bluesky', 'https://example.com/long')).toBe(24);
  });

  it('counts UTF-16 units elsewhere, never fewer than the network itself', () => {
    expect(textLength('linkedin', '👍')).toBe(2);
    expect(textLength('instagram', 'abc')).toBe(3);
  });

  it('never counts less than Bluesky graphemes, on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (text) => {
        for (const platform of PLATFORMS)
          expect(textLength(platform, text)).toBeGreaterThanOrEqual(
            platform === 'twitter' ? 0 : textLength('bluesky', text),
          );
      }),
    );
  });
});

describe('remainingChars', () => {
  it('depends on the X account type', () => {
    expect(remainingChars('twitter', 'x'.repeat(300))).toBe(-20);
    expect(remainingChars('twitter', 'x'.repeat(300), 'professional')).toBe(3700);
    expect(remainingChars('bluesky', '')).toBe(300);
    expect(remainingChars('facebook', 'hi')).toBe(63204);
  });
});
