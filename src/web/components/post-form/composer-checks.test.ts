import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../shared/platforms/validate-media';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import { checkDraft, formatSeconds, problemText } from './composer-checks';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { translation: en }, de: { translation: de } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

const file = (over: Partial<MediaItem>): MediaItem => ({
  kind: 'video',
  name: 'clip.mp4',
  mime: 'video/mp4',
  bytes: 2_000_000,
  width: 1080,
  height: 1920,
  durationSeconds: 10,
  ...over,
});
const texts = (media: MediaItem[], platforms: Parameters<typeof checkDraft>[1], lng = 'en') =>
  checkDraft('<p>Hello</p>', platforms, media, 'standard').problems.map((p) =>
    problemText(i18n.getFixedT(lng), lng, p),
  );

describe('the composer words what each network refuses', () => {
  it('says lengths as people do, in the reader’s language', () => {
    expect(formatSeconds('en', 1)).toBe('1 second');
    expect(formatSeconds('en', 140)).toBe('140 seconds');
    expect(formatSeconds('en', 900)).toBe('15 minutes');
    expect(formatSeconds('de', 60)).toBe('1 Minute');
  });

  it('names the mix, the format and the limits with their figures', () => {
    expect(
      texts([file({ kind: 'image', mime: 'image/jpeg', name: 'a.jpg' }), file({})], ['twitter']),
    ).toEqual(['X does not take images and videos in the same post.']);
    expect(texts([file({ mime: 'video/quicktime', name: 'phone.mov' })], ['bluesky'])).toEqual([
      'Bluesky does not accept MOV videos (phone.mov); it takes MP4.',
    ]);
    expect(texts([file({ durationSeconds: 200 })], ['bluesky'])).toEqual([
      'Bluesky takes videos up to 3 minutes long; clip.mp4 lasts 200 seconds.',
    ]);
    expect(texts([file({ bytes: 150_000_000 })], ['bluesky'])).toEqual([
      'Bluesky takes videos up to 100 MB; clip.mp4 is 150 MB.',
    ]);
    expect(
      texts(
        [
          file({ kind: 'image', mime: 'image/jpeg', name: 'a.jpg', width: 1000, height: 1000 }),
          file({ durationSeconds: 90 }),
        ],
        ['instagram'],
      ),
    ).toEqual([
      'Instagram takes videos up to 1 minute long in a post with several files; clip.mp4 lasts 90 seconds.',
    ]);
    expect(
      texts(
        [file({ kind: 'image', mime: 'image/jpeg', name: 'tall.jpg', width: 1000, height: 2000 })],
        ['instagram'],
      ),
    ).toEqual(['Instagram takes images from 4:5 to 1.91:1 (width:height); tall.jpg is 0.5:1.']);
    expect(texts([file({}), file({})], ['linkedin'], 'de')).toEqual([
      'LinkedIn: zu viele Videos in einem Beitrag (höchstens 1).',
    ]);
  });
});

describe('counting links as they will go out (issue 27)', () => {
  const preset = { shorten: true, utm: true, utmMedium: 'social', utmCampaign: '', base: 'https://go.bl/l/' };
  const long = `https://bloom.example/${'a'.repeat(300)}`;
  it('counts a long address at its short link’s length when short links are on', async () => {
    const { linksAsPublished } = await import('../../../shared/links');
    const asPublished = (text: string, platform: Parameters<typeof linksAsPublished>[1]) =>
      linksAsPublished(text, platform, preset);
    const plain = checkDraft(`<p>Read ${long}</p>`, ['bluesky'], [], 'standard');
    expect(plain.problems.map((p) => p.code)).toEqual(['too_long']);
    const short = checkDraft(`<p>Read ${long}</p>`, ['bluesky'], [], 'standard', asPublished);
    expect(short.problems).toEqual([]);
    expect(short.remaining).toEqual({
      platform: 'bluesky',
      left: 300 - 'Read https://go.bl/l/••••••••••'.length,
    });
  });
});
