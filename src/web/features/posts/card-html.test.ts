import { describe, expect, it } from 'vitest';
import { cardHtml } from './card-html';

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
    const out = cardHtml(input);
    const tags = out.match(/<[^>]*>/g) ?? [];
    expect(tags.every((t) => /^<\/?(b|i|em|strong|span)>$/.test(t))).toBe(true);
    expect(out).not.toMatch(/<(?!\/?(b|i|em|strong|span)>)/);
  });
});
