import { describe, expect, it } from 'vitest';
import { foldText, FOLDS } from './fold';

describe('foldText', () => {
  it('shows a short post whole', () => {
    expect(foldText('Launch day is here', FOLDS.linkedin)).toBeNull();
  });

  it('shows the whole post on networks without a fold', () => {
    expect(foldText('a '.repeat(200), FOLDS.twitter)).toBeNull();
    expect(foldText('a '.repeat(200), FOLDS.bluesky)).toBeNull();
  });

  it('cuts LinkedIn at about 210 characters, at a word', () => {
    const text = `${'word '.repeat(60)}end`;
    const head = foldText(text, FOLDS.linkedin)!;
    expect(head.length).toBeLessThanOrEqual(210);
    expect(head.length).toBeGreaterThan(190);
    expect(head.endsWith('word')).toBe(true);
    expect(text.startsWith(head)).toBe(true);
  });

  it('cuts by lines before characters', () => {
    expect(foldText('one\ntwo\nthree\nfour', FOLDS.linkedin)).toBe('one\ntwo\nthree');
    expect(foldText('one\ntwo\nthree', FOLDS.instagram)).toBe('one\ntwo');
  });

  it('cuts a long word where it must, and never inside an emoji', () => {
    expect(foldText('x'.repeat(300), FOLDS.linkedin)).toBe('x'.repeat(210));
    const head = foldText('👩‍💻'.repeat(130), FOLDS.instagram)!;
    expect(head).toBe('👩‍💻'.repeat(125));
  });
});
