import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_DAY_OF_WEEK,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
  weekdayNames,
} from './format-date';

// 15:00 UTC on Saturday 5 January 2030; every case names its zone so the machine's does not matter.
const when = '2030-01-05T15:00:00Z';
const utc = { timeZone: 'UTC' };
// Intl puts narrow and no-break spaces and direction marks where a language wants them: compare words.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: {} });
});

describe('times', () => {
  it('uses 12 hours where the language does and 24 where it does not', () => {
    expect(plain(formatTime(when, { ...utc, locale: 'en' }))).toBe('3:00 PM');
    expect(plain(formatTime(when, { ...utc, locale: 'de' }))).toBe('15:00');
    expect(plain(formatTime(when, { ...utc, locale: 'fr' }))).toBe('15:00');
    expect(plain(formatTime(when, { ...utc, locale: 'zh' }))).toBe('15:00');
    expect(plain(formatTime(when, { ...utc, locale: 'es' }))).toBe('15:00');
  });

  it('writes Arabic with its own evening marker after the time, never "AM 10:00"', () => {
    const arabic = plain(formatTime(when, { ...utc, locale: 'ar' }));
    expect(arabic).toMatch(/^(3|٣):(00|٠٠) م$/);
    expect(plain(formatTime('2030-01-05T10:00:00Z', { ...utc, locale: 'ar' }))).toMatch(
      /^(10|١٠):(00|٠٠) ص$/,
    );
  });

  it('reads the clock in the zone it is given', () => {
    expect(plain(formatTime(when, { locale: 'de', timeZone: 'Europe/Berlin' }))).toBe('16:00');
    expect(plain(formatTime(when, { locale: 'en', timeZone: 'America/New_York' }))).toBe('10:00 AM');
    // Summer time: Berlin is two hours ahead of UTC in July.
    expect(plain(formatTime('2030-07-05T15:00:00Z', { locale: 'de', timeZone: 'Europe/Berlin' }))).toBe(
      '17:00',
    );
  });

  it('follows the UI language when no locale is given', async () => {
    await i18n.changeLanguage('de');
    expect(plain(formatTime(when, utc))).toBe('15:00');
    await i18n.changeLanguage('en');
    expect(plain(formatTime(when, utc))).toBe('3:00 PM');
  });
});

describe('dates', () => {
  it('writes a date and a date with its time in each language', () => {
    expect(plain(formatDate(when, { ...utc, locale: 'en' }))).toBe('Jan 5, 2030');
    expect(plain(formatDate(when, { ...utc, locale: 'de' }))).toBe('05.01.2030');
    expect(plain(formatDate(when, { ...utc, locale: 'zh' }))).toBe('2030年1月5日');
    expect(plain(formatDateTime(when, { ...utc, locale: 'en' }))).toBe('Jan 5, 2030, 3:00 PM');
    expect(plain(formatDateTime(when, { ...utc, locale: 'de' }))).toBe('05.01.2030, 15:00');
    expect(plain(formatDateTime(when, { ...utc, locale: 'zh' }))).toBe('2030年1月5日 15:00');
  });

  it('names the day and the month in words', () => {
    expect(plain(formatLongDate(when, { ...utc, locale: 'en' }))).toBe('Saturday, January 5, 2030');
    expect(plain(formatLongDate(when, { ...utc, locale: 'de' }))).toBe('Samstag, 5. Januar 2030');
    expect(plain(formatLongDate(when, { ...utc, locale: 'ar' }))).toContain('السبت');
  });
});

describe('week days', () => {
  it('start on the calendar’s first day, Sunday', () => {
    expect(FIRST_DAY_OF_WEEK).toBe(0);
    expect(weekdayNames('short', { locale: 'en' })).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(weekdayNames('long', { locale: 'de' })).toEqual([
      'Sonntag',
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
    ]);
    expect(weekdayNames('long', { locale: 'ar' })[0]).toBe('الأحد');
    expect(weekdayNames('short', { locale: 'zh' })[0]).toBe('周日');
  });
});
