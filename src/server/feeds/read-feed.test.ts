import { describe, expect, it } from 'vitest';
import { readFeed } from './read-feed';

describe('readFeed', () => {
  it('reads RSS items oldest first, keyed by guid, their HTML as text', () => {
    const { title, items } = readFeed(`<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title>
      <item><guid>b</guid><title>Second</title><link>https://e.example/b</link><pubDate>Tue, 02 Mar 2027 10:00:00 GMT</pubDate><description>&lt;p&gt;Two &amp;amp; more&lt;/p&gt;</description></item>
      <item><guid>a</guid><title>First</title><link>https://e.example/a</link><pubDate>Mon, 01 Mar 2027 10:00:00 GMT</pubDate></item>
      </channel></rss>`);
    expect(title).toBe('Blog');
    expect(items.map((i) => [i.key, i.title, i.link, i.summary])).toEqual([
      ['a', 'First', 'https://e.example/a', ''],
      ['b', 'Second', 'https://e.example/b', 'Two & more'],
    ]);
  });

  it('keys an item without a guid by its link, and keeps an undated feed in its order, oldest first', () => {
    const { items } = readFeed(`<rss version="2.0"><channel><title>T</title>
      <item><title>Newer</title><link>https://e.example/2</link></item>
      <item><title>Older</title><link>https://e.example/1</link></item></channel></rss>`);
    expect(items.map((i) => i.key)).toEqual(['https://e.example/1', 'https://e.example/2']);
  });

  it('reads JSON Feed, with its authors', () => {
    const { items } = readFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [
          {
            id: '1',
            url: 'https://e.example/j',
            title: 'Json',
            content_text: 'Body',
            authors: [{ name: 'Ann' }],
          },
        ],
      }),
    );
    expect(items[0]).toMatchObject({ key: '1', link: 'https://e.example/j', summary: 'Body', author: 'Ann' });
  });

  it('refuses what is no feed', () => {
    expect(() => readFeed('<html><body>no</body></html>')).toThrow();
    expect(() => readFeed('<rss><channel><item>')).toThrow();
  });
});
