import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/ar.json';
import en from '../../../i18n/en.json';
import zh from '../../../i18n/zh.json';
import { recurringPost } from '../../../testing/recurring';
import { frequencyText } from './frequency-line';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, ar: { translation: ar }, zh: { translation: zh } },
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const line = (locale: string, over: Parameters<typeof recurringPost>[0]) =>
  frequencyText(i18n.getFixedT(locale) as TFunction, locale, recurringPost(over));

describe('the frequency line', () => {
  it('pluralises the unit in English, names weekdays and says how it ends', () => {
    expect(line('en', { frequency: 'daily' })).toBe('Every day');
    expect(line('en', { frequency: 'monthly', interval: 3 })).toBe('Every 3 months');
    expect(line('en', { frequency: 'weekly', interval: 2, weekdays: [2, 0] })).toBe(
      'Every 2 weeks on Monday and Wednesday',
    );
    expect(line('en', { frequency: 'daily', interval: 2, count: 10 })).toBe('Every 2 days, 10 times');
    expect(line('en', { frequency: 'monthly', count: 1 })).toBe('Every month, once');
    // The end is the last moment of 3 March in Berlin, which is already 4 March in UTC.
    expect(
      line('en', { frequency: 'daily', endDate: '2027-03-03T22:59:59.999Z', timezone: 'Europe/Berlin' }),
    ).toBe('Every day, until Mar 3, 2027');
  });

  it("names a weekly rule's day from its start, on the rule's own clock", () => {
    // 15:00 UTC on Saturday 5 January 2030 is already Sunday in Tokyo.
    expect(line('en', { timezone: 'UTC' })).toBe('Every week on Saturday');
    expect(line('en', { timezone: 'Asia/Tokyo' })).toBe('Every week on Sunday');
  });

  it('uses each of the Arabic plural forms', () => {
    expect(line('ar', { frequency: 'daily' })).toBe('كل يوم');
    expect(line('ar', { frequency: 'daily', interval: 2 })).toBe('كل يومين');
    expect(line('ar', { frequency: 'monthly', interval: 3 })).toBe('كل 3 أشهر');
    expect(line('ar', { frequency: 'daily', interval: 11 })).toBe('كل 11 يومًا');
    expect(line('ar', { frequency: 'monthly', interval: 100 })).toBe('كل 100 شهر');
    expect(line('ar', { frequency: 'weekly', interval: 2, weekdays: [0] })).toBe('كل أسبوعين في الاثنين');
    expect(line('ar', { frequency: 'daily', count: 2 })).toBe('كل يوم، مرتين');
    expect(line('ar', { frequency: 'daily', count: 5 })).toBe('كل يوم، 5 مرات');
  });

  it('says "every day", not "every 1 day", in Chinese, whose plural rules have no "one"', () => {
    expect(line('zh', { frequency: 'daily' })).toBe('每天');
    expect(line('zh', { frequency: 'daily', interval: 3 })).toBe('每 3 天');
  });
});
