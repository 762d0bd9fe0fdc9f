import { describe, expect, it } from 'vitest';
import { findLinks, isBot, linksAsPublished, replaceLinks, withUtm } from './links';

describe('links', () => {
  it('finds addresses and leaves out the punctuation that ends a sentence', () => {
    expect(
      findLinks('See https://bloom.example/tulips. And (http://a.example/x) too!').map((l) => l.url),
    ).toEqual(['https://bloom.example/tulips', 'http://a.example/x']);
    expect(findLinks('https://en.wikipedia.org/wiki/Tulip_(disambiguation), ok')[0]!.url).toBe(
      'https://en.wikipedia.org/wiki/Tulip_(disambiguation)',
    );
    expect(findLinks('no links here, https:// alone')).toEqual([]);
  });

  it('reads a long hostile text in linear time', () => {
    const text = `https://a.example/${')'.repeat(200_000)}`;
    const started = performance.now();
    expect(findLinks(text)[0]!.url).toBe('https://a.example/');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('adds the UTM parameters the address does not have', () => {
    const preset = { utmMedium: 'social', utmCampaign: 'spring' };
    expect(withUtm('https://bloom.example/tulips?a=1', 'twitter', preset)).toBe(
      'https://bloom.example/tulips?a=1&utm_source=x&utm_medium=social&utm_campaign=spring',
    );
    expect(
      withUtm('https://bloom.example/?utm_source=mail', 'bluesky', { utmMedium: 'social', utmCampaign: '' }),
    ).toBe('https://bloom.example/?utm_source=mail&utm_medium=social');
  });

  it('replaces each address in order, and counts short links at their length', () => {
    expect(replaceLinks('a https://x.example/1 b https://x.example/2', (u) => u.toUpperCase())).toBe(
      'a HTTPS://X.EXAMPLE/1 b HTTPS://X.EXAMPLE/2',
    );
    const preset = {
      shorten: true,
      utm: true,
      utmMedium: 'social',
      utmCampaign: '',
      base: 'https://go.bloom/l/',
    };
    expect(linksAsPublished('Read https://bloom.example/a-very-long-article-name', 'bluesky', preset)).toBe(
      'Read https://go.bloom/l/••••••••••',
    );
    expect(linksAsPublished('Read https://b.example/', 'bluesky', null)).toBe('Read https://b.example/');
  });

  it('tells the networks’ link crawlers and other bots from people', () => {
    expect(isBot('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)')).toBe(true);
    expect(isBot('Twitterbot/1.0')).toBe(true);
    expect(
      isBot('LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'),
    ).toBe(true);
    expect(isBot('Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(
      isBot(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
  });
});
