import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_MAX, cardHtml } from './card-html';

/** What a reader sees: tags gone, each entity one character, each code point one character. */
const visible = (html: string) => [...html.replace(/<[^>]*>/g, '').replace(/&[^;\s]+;/g, '&')].length;

describe('cardHtml', () => {
  it('keeps the five bare tags and turns blocks into spaces', () => {
    expect(cardHtml('<p>Launch <strong>day</strong> <em>is</em></p><p><span>here</span> &amp; now</p>')).toBe(
      'Launch <strong>day</strong> <em>is</em> <span>here</span> &amp; now',
    );
  });

  it.each([
    '<img src=x onerror=alert(1)>',
    '<strong onclick="x()">x</strong>',
    '<span style="color:red">x</span>',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)',
    'a <b',
    '<<script>alert(1)//<</script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<svg><script>alert(1)</script></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '"><img src=x onerror=alert(1)>',
  ])('leaves no other markup in %s', (input) => {
    for (const out of [cardHtml(input), cardHtml(input, 5)]) {
      const tags = out.match(/<[^>]*>/g) ?? [];
      expect(tags.every((t) => /^<\/?(b|i|em|strong|span)>$/.test(t))).toBe(true);
      expect(out).not.toMatch(/<(?!\/?(b|i|em|strong|span)>)/);
    }
  });
});

describe('cardHtml cut to a number of characters', () => {
  it('leaves a text of exactly the limit whole, and cuts one more to the limit with its last one …', () => {
    expect(cardHtml('<p>abcde</p>', 5)).toBe('abcde');
    expect(cardHtml('<p>abcdef</p>', 5)).toBe('abcd…');
    expect(cardHtml(`<p>${'x'.repeat(CARD_MAX)}</p>`, CARD_MAX)).toBe('x'.repeat(CARD_MAX));
    expect(cardHtml(`<p>${'x'.repeat(CARD_MAX + 1)}</p>`, CARD_MAX)).toBe(`${'x'.repeat(CARD_MAX - 1)}…`);
  });

  it('counts an entity as one character and never cuts inside one', () => {
    expect(cardHtml('<p>a &amp; b</p>', 5)).toBe('a &amp; b');
    expect(cardHtml('<p>&lt;&gt;&amp;&quot;&#233;&#x1F600;x</p>', 6)).toBe('&lt;&gt;&amp;&quot;&#233;…');
    expect(cardHtml('<p>ab&amp;cdef</p>', 4)).toBe('ab&amp;…');
  });

  it('does not count the tags, and closes every tag it left open, innermost first', () => {
    expect(cardHtml('<p><strong>bold</strong> and <em>italic</em></p>', 15)).toBe(
      '<strong>bold</strong> and <em>italic</em>',
    );
    expect(cardHtml('<p><strong>bold <em>and italic</em> text</strong> after</p>', 12)).toBe(
      '<strong>bold <em>and it…</em></strong>',
    );
    // Cut right where a tag opens: the tag is closed around the '…'.
    expect(cardHtml('<p>abc<b>def</b></p>', 4)).toBe('abc<b>…</b>');
    // A closing tag whose opening one had attributes (and was dropped) closes nothing.
    expect(cardHtml('<p><span style="color:red">red</span> <b>and bold words</b></p>', 10)).toBe(
      'red</span> <b>and b…</b>',
    );
  });

  it('drops the space before the …', () => {
    expect(cardHtml('<p>one two three</p>', 9)).toBe('one two…');
  });

  it('never splits an emoji: not its surrogate pair, nor its modifiers and joiners', () => {
    expect(cardHtml('<p>ab😀😀😀</p>', 4)).toBe('ab😀…');
    expect(cardHtml('<p>ab👍🏽cd</p>', 4)).toBe('ab…');
    expect(cardHtml('<p>a👨‍👩‍👧 family</p>', 5)).toBe('a…');
    expect(cardHtml('<p>ae\u0301ioux</p>', 3)).toBe('a…');
    expect(cardHtml('<p>😀😀😀😀😀😀</p>', 3)).toBe('😀😀…');
  });

  it('gives back its own output unchanged, cut or not (the web passes what it gets through it again)', () => {
    const samples = [
      '<p>Launch <strong>day</strong> &amp; <em>more</em></p><p>second</p>',
      `<p><strong>${'long '.repeat(60)}</strong> tail &lt;3</p>`,
      '<p><span style="color:red">x</span></p><ul><li>one</li><li>two 👍🏽</li></ul>',
    ];
    for (const html of samples) {
      const once = cardHtml(html);
      expect(cardHtml(once)).toBe(once);
      const cut = cardHtml(html, CARD_MAX);
      expect(cardHtml(cut, CARD_MAX)).toBe(cut);
      expect(cardHtml(cut)).toBe(cut);
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(
              '<p>',
              '</p>',
              '<b>',
              '</b>',
              '<em>',
              '</em>',
              '<br>',
              '&amp;',
              '&lt;',
              '👍🏽',
              'é',
            ),
            fc.string(),
          ),
        ),
        fc.integer({ min: 1, max: 40 }),
        (pieces, max) => {
          const cut = cardHtml(pieces.join(''), max);
          expect(visible(cut)).toBeLessThanOrEqual(max);
          expect(cardHtml(cut, max)).toBe(cut);
        },
      ),
    );
  });
});
