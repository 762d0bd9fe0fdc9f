// @vitest-environment jsdom
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayName, isPastDay, rangeLabel, shortText, visibleDays } from './calendar-days';

// ICU puts thin or narrow spaces around the range's dash; a reader sees spaces.
const spaced = (text: string) => text.replace(/\s+/g, ' ');

describe('the calendar days', () => {
  const anchor = dayjs('2026-11-25T12:00:00');

  it('labels a week with its first and last day, and a month with its name', () => {
    const week = visibleDays(anchor, 'week');
    expect(spaced(rangeLabel('en', 'week', anchor, week))).toBe('Nov 22 – 28, 2026');
    expect(spaced(rangeLabel('de', 'week', anchor, week))).toBe('22.–28. Nov. 2026');
    expect(rangeLabel('en', 'month', anchor, visibleDays(anchor, 'month'))).toBe('November 2026');
    const across = visibleDays(dayjs('2026-12-01'), 'week');
    expect(spaced(rangeLabel('en', 'week', anchor, across))).toBe('Nov 29 – Dec 5, 2026');
  });

  it('shows whole weeks from Sunday', () => {
    const month = visibleDays(anchor, 'month');
    expect(month[0]!.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(month.at(-1)!.format('YYYY-MM-DD')).toBe('2026-12-05');
    expect(month).toHaveLength(35);
  });

  it('calls only the days before today past', () => {
    const today = '2026-11-23';
    expect(isPastDay(dayjs('2026-11-22T23:59:00'), today)).toBe(true);
    expect(isPastDay(dayjs('2026-11-23T00:00:00'), today)).toBe(false);
    expect(isPastDay(dayjs('2026-11-24'), today)).toBe(false);
    expect(isPastDay(dayjs('2025-12-31'), today)).toBe(true);
  });

  it('says a day in words in the reader language', () => {
    expect(dayName('en', dayjs('2026-11-26'))).toBe('Thursday, November 26');
    expect(dayName('fr', dayjs('2026-11-26'))).toBe('jeudi 26 novembre');
  });

  it('names a post by its first words, cut at a word with an ellipsis', () => {
    expect(shortText('Launch <strong>day</strong> is here with the new plans')).toBe('Launch day is here…');
    expect(shortText('Short &amp; sweet')).toBe('Short & sweet');
    expect(shortText('Averyveryveryverylongwordwithoutspaces')).toBe('Averyveryveryverylon…');
  });
});
