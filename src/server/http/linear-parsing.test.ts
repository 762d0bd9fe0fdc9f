import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../../shared/api/fields';
import { fillTemplate, TemplateWriteSchema } from '../../shared/api/templates.schemas';
import { fillVariables } from '../../shared/api/variables.schemas';
import { cardHtml } from '../../shared/card-html';
import { normaliseTag, suggestHashtags } from '../../shared/hashtags';
import { textLength } from '../../shared/platforms/count';
import { htmlToText } from '../../shared/platforms/html-to-text';
import { PLATFORMS } from '../../shared/platforms/rules';
import { fromLittleText, toLittleText } from '../platforms/linkedin/little-text';
import { sanitizePostHtml } from '../posts/sanitize';

/**
 * Every parser that reads what a user (or a network) sent must take time linear in its input: one
 * request that stalls a regular expression stalls the whole server (issue 10: a 217-byte post froze it
 * for 25 s). Each input below is adversarial for the pattern it feeds, about 100 KB, and must be read
 * within two seconds. The bound is generous so that a slow machine does not fail it; the patterns
 * these replaced took from seconds to hours on the same inputs.
 */
const KB100 = 100_000;
const repeat = (unit: string, size = KB100) => unit.repeat(Math.ceil(size / unit.length));
const BOUND_MS = 2000;

function timed(run: () => unknown) {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const cases: [string, () => unknown][] = [
  // The two inputs, then the same shapes at 100 KB.
  [
    'font-family list of 30 names',
    () => sanitizePostHtml(`<p><span style="font-family: Arial${', a'.repeat(30)}.">x</span></p>`),
  ],
  [
    'font-family with 99 KB of spaces',
    () => sanitizePostHtml(`<p><span style="font-family: Arial,${' '.repeat(99_000)}!">x</span></p>`),
  ],
  [
    'font-family list of 100 KB',
    () => sanitizePostHtml(`<p><span style="font-family: Arial${repeat(', a')}.">x</span></p>`),
  ],
  [
    'font-size of 100 KB digits',
    () => sanitizePostHtml(`<span style="font-size: ${repeat('1')}.5q">x</span>`),
  ],
  ['a post of unclosed tags', () => sanitizePostHtml(repeat('<span style="a'))],
  ['an email of dots', () => EMAIL_PATTERN.test(`a@${repeat('.')} `)],
  ['an email of @-free parts', () => EMAIL_PATTERN.test(`a@${repeat('a.')}@`)],
  ['a card of "<"', () => cardHtml(repeat('<'), 160)],
  ['a card of unclosed tags', () => cardHtml(repeat('<b'), 160)],
  ['network text of a <pre> of spaces', () => htmlToText(`<pre>${repeat(' \t')}x</pre>`)],
  ['network text of spaces', () => htmlToText(`<p>${repeat(' \u00a0\t')}x</p>`)],
  ['LinkedIn text of backslashes in a hashtag', () => fromLittleText(`{hashtag|#|${repeat('\\a')}`)],
  ['LinkedIn text of backslashes in a mention', () => fromLittleText(`@[${repeat('\\a')}`)],
  ['LinkedIn text of many hashtags', () => toLittleText(repeat('#a#'))],
  [
    'a template of "<"',
    () =>
      TemplateWriteSchema.safeParse({
        name: 'n',
        category: 'Events',
        platforms: ['x'],
        content: repeat('<'),
      }),
  ],
  ['variables of "{{ "', () => fillVariables(repeat('{{ '), { a: 'b' })],
  ['variables of an open name', () => fillVariables(`{{ ${repeat('a')} `, { a: 'b' })],
  [
    'template placeholders of "{{ "',
    () => fillTemplate(repeat('{{ platform '), { platform: 'X', username: 'u', date: 'd' } as never),
  ],
  ['a tag of "#"', () => normaliseTag(`${repeat('#')}a`)],
  ['hashtag suggestions for a long keyword', () => suggestHashtags(repeat('ab '))],
  ...PLATFORMS.flatMap((platform): [string, () => unknown][] => [
    [`${platform} length of URL-like text`, () => textLength(platform, repeat('http://a.'))],
    [`${platform} length of dots and at signs`, () => textLength(platform, repeat('@a.#'))],
  ]),
];

describe('parsers of user input are linear', () => {
  it.each(cases)('%s', (_name, run) => {
    run(); // warm up: the first call compiles the patterns
    expect(timed(run)).toBeLessThan(BOUND_MS);
  });

  it('still keeps the fonts and fallbacks it kept, and drops what is not a font', () => {
    const kept = (style: string) => sanitizePostHtml(`<span style="${style}">x</span>`).includes('style=');
    expect(kept('font-family: Arial')).toBe(true);
    expect(kept("font-family: 'Times New Roman', serif")).toBe(true);
    expect(kept('font-family: Arial, Helvetica, sans-serif')).toBe(true);
    expect(kept('font-family: Comic Sans')).toBe(false);
    expect(kept('font-family: Arial; background: url(x)')).toBe(true);
    expect(sanitizePostHtml('<span style="font-family: Arial, a!">x</span>')).not.toContain('font-family');
  });

  it('still accepts ordinary addresses and LinkedIn texts', () => {
    expect(EMAIL_PATTERN.test('ada@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test('ada.lovelace+posts@mail.example.co.uk')).toBe(true);
    expect(EMAIL_PATTERN.test('ada@example')).toBe(false);
    expect(EMAIL_PATTERN.test('ada @example.com')).toBe(false);
    expect(fromLittleText('{hashtag|\\#|launch} at \\@home @[Ada](urn:li:person:1) a\\_b')).toBe(
      '#launch at @home Ada a_b',
    );
    expect(cardHtml('<p>a <b>b</b></p><p>c</p>')).toBe('a <b>b</b> c');
    expect(htmlToText('<pre>a   \nb\t</pre>')).toBe('a\nb');
  });
});
