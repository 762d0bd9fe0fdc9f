import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize';

describe('sanitizePostHtml', () => {
  it('keeps the formatting the composer makes', () => {
    const html =
      '<p style="text-align: center">Big <strong>news</strong>, <u>under</u> <s>strike</s> H<sub>2</sub>O x<sup>2</sup></p><h2>Title</h2><ul><li>one</li></ul><blockquote>quote</blockquote><hr><pre><code>x = 1</code></pre><p><span style="font-size: 24px; font-family: Verdana">sized</span></p>';
    expect(sanitizePostHtml(html)).toBe(
      html
        .replace('<hr>', '<hr />')
        .replace('font-size: 24px; font-family: Verdana', 'font-size:24px;font-family:Verdana')
        .replace('text-align: center', 'text-align:center'),
    );
  });

  it('makes links safe and keeps only web and mail links', () => {
    expect(sanitizePostHtml('<a href="https://example.com" onclick="x()">ok</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizePostHtml('<a href="javascript:alert(1)">no</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">no</a>',
    );
    expect(sanitizePostHtml('<a href="//evil.example">no</a>')).not.toContain('evil');
    expect(sanitizePostHtml('<a href="data:text/html,<script>alert(1)</script>">no</a>')).not.toContain(
      'data:',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p onmouseover="alert(1)">x</p>', '<p>x</p>'],
    ['<svg onload=alert(1)><p>x</p></svg>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="position:fixed;top:0;background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<p class="admin-banner" id="x" data-x="1">x</p>', '<p>x</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<span style="font-family: expression(alert(1))">x</span>', '<span>x</span>'],
    ['<form action="https://evil.example"><input name=p></form>', ''],
  ])('disarms %s', (input, output) => {
    expect(sanitizePostHtml(input)).toBe(output);
  });
});
