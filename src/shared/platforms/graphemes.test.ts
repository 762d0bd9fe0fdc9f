import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeCount } from './graphemes';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const direct = (text: string) => [...segmenter.segment(text)].length;

// Pieces that join across a cut if it is made in the wrong place: combining marks, ZWJ emoji, skin
// tones, flags, Hangul jamo and syllables, CR LF, Thai SARA AM, Indic conjuncts, a prepended letter.
const PIECES = [
  'a',
  ' ',
  'Z',
  '.',
  '中',
  'あ',
  'é',
  'e\u0301',
  '\u0301',
  '👍',
  '👍🏽',
  '🏽',
  '👩\u200d💻',
  '\u200d',
  '🇫🇷',
  '🇫',
  '\u1100',
  '\u1161',
  '\u11a8',
  '한',
  '글',
  '\r',
  '\n',
  '\r\n',
  'ก\u0e33',
  '\u0e33',
  'क्ष',
  '\u094d',
  'ب',
  '\u0d4e',
  'a\u0d4e',
  '\u0d4eक',
];

describe('graphemeCount', () => {
  it('counts as Intl.Segmenter does, wherever the pieces are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 200 }),
        fc.integer({ min: 1, max: 16 }),
        (parts, piece) => {
          const text = parts.join('');
          expect(graphemeCount(text, piece, Infinity)).toBe(direct(text));
        },
      ),
      { seed: 10, numRuns: 2000 },
    );
  });

  it('counts 100 KB of text quickly', () => {
    for (const unit of ['http://a.', '👍🏽', 'مرحبا', '中文', '한글', 'e\u0301']) {
      const text = unit.repeat(Math.ceil(100_000 / unit.length));
      const started = performance.now();
      graphemeCount(text);
      expect(performance.now() - started, unit).toBeLessThan(1000);
    }
  });
});
