import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

const FORMULA = '=HYPERLINK("http://evil")';

describe('CSV cells', () => {
  it('prefixes a cell starting with = + - @, a tab or a carriage return', () => {
    for (const start of ['=', '+', '-', '@']) expect(csvCell(`${start}1+1`), start).toBe(`'${start}1+1`);
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell(FORMULA)).toBe(`"'=HYPERLINK(""http://evil"")"`);
  });

  it.each([
    ['full-width equals', '\uFF1D'],
    ['full-width plus', '\uFF0B'],
    ['full-width minus', '\uFF0D'],
    ['full-width at', '\uFF20'],
    ['small equals', '\uFE66'],
    ['small plus', '\uFE62'],
    ['small minus', '\uFE63'],
    ['small at', '\uFE6B'],
  ])('prefixes a cell starting with the %s sign', (_, sign) => {
    expect(csvCell(`${sign}1+1`)).toBe(`'${sign}1+1`);
  });

  it.each([
    ['zero width space', '\u200B'],
    ['zero width joiner', '\u200D'],
    ['word joiner', '\u2060'],
    ['Mongolian vowel separator', '\u180E'],
    ['soft hyphen', '\u00AD'],
    ['byte order mark', '\uFEFF'],
    ['NUL', '\u0000'],
    ['start of heading', '\u0001'],
    ['escape', '\u001B'],
    ['unit separator', '\u001F'],
    ['line feed', '\n'],
    ['delete', '\u007F'],
    ['no-break space', '\u00A0'],
    ['space', ' '],
    ['Hangul filler', '\u3164'],
    ['several of them', '\u200B\u00AD\u2060\u0001'],
  ])('prefixes a formula behind a leading %s, keeping every character', (_, hidden) => {
    for (const start of ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      const cell = csvCell(`${hidden}${start}cmd`);
      expect(cell.replace(/^"|"$/g, ''), JSON.stringify(hidden + start)).toBe(`'${hidden}${start}cmd`);
    }
  });

  it('leaves other text, invisible characters before plain text, and numbers as they are', () => {
    expect(csvCell('launch day')).toBe('launch day');
    expect(csvCell('\u200Blaunch')).toBe('\u200Blaunch');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('e-mail')).toBe('e-mail');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a,b', 'say "hi"', 3])).toBe('"a,b","say ""hi""",3\r\n');
  });

  it('judges a long run of invisible characters in linear time', () => {
    const started = performance.now();
    expect(csvCell(`${'\u200B'.repeat(100_000)}x`)).toBe(`${'\u200B'.repeat(100_000)}x`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
