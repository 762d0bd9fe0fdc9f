import { describe, expect, it } from 'vitest';
import { htmlText, plainTextToHtml } from './plain-text-html';

describe('plainTextToHtml', () => {
  it('makes one paragraph per line and escapes markup', () => {
    expect(plainTextToHtml('Hello <b>world</b> & "you"\nBye')).toBe(
      '<p>Hello &lt;b&gt;world&lt;/b&gt; &amp; &quot;you&quot;</p><p>Bye</p>',
    );
  });
});

describe('htmlText', () => {
  it('is empty for tags and spaces alone', () => {
    expect(htmlText('<p> </p><p><br></p>')).toBe('');
    expect(htmlText('<p>Hi</p>')).toBe('Hi');
  });
});
