import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it.each([
    ['<p>Hello <b>world</b></p><p>Second <em>line</em></p>', 'Hello world\nSecond line'],
    ['<p>a</p><p></p><p>b</p>', 'a\n\nb'],
    ['<p>line<br>break</p>', 'line\nbreak'],
    ['<h1>Title</h1><p>body</p>', 'Title\nbody'],
    ['<ul><li>one</li><li>two</li></ul>', '• one\n• two'],
    ['<p>Steps:</p><ol><li><p>mix</p></li><li><p>bake</p></li></ol>', 'Steps:\n1. mix\n2. bake'],
    [
      '<p>Read <a href="https://example.com/docs">the docs</a>.</p>',
      'Read the docs (https://example.com/docs).',
    ],
    ['<p><a href="https://example.com/">https://example.com</a></p>', 'https://example.com'],
    ['<p><a href="javascript:alert(1)">click</a></p>', 'click'],
    ['<p>Fish &amp; chips &lt;3&nbsp;&quot;yes&quot;</p>', 'Fish & chips <3 "yes"'],
    ['<p>  spaced\n   out   text </p>', 'spaced out text'],
    ['<p>x</p><script>alert(1)</script><style>p{}</style><p>y</p>', 'x\ny'],
    ['<p>a</p><hr><p>b</p>', 'a\n———\nb'],
    ['plain text, no tags', 'plain text, no tags'],
    ['<p>#launch day 🚀 with @ada.bsky.social</p>', '#launch day 🚀 with @ada.bsky.social'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it('keeps the layout of preformatted text', () => {
    expect(htmlToText('<pre>a\n  b</pre>')).toBe('a\n  b');
  });
});
