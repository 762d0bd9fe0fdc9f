// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecurrenceRule } from '../../../../shared/recurrence';
import { renderWithProviders } from '../../../testing/render';
import { NextOccurrences } from './next-occurrences';

const BERLIN = 'Europe/Berlin';
const rule = (over: Partial<RecurrenceRule>): RecurrenceRule => ({
  startDate: new Date('2031-03-21T08:00:00.000Z'),
  endDate: null,
  count: null,
  frequency: 'weekly',
  interval: 1,
  weekdays: [],
  timezone: BERLIN,
  ...over,
});
const shown = () =>
  within(screen.getByRole('region', { name: 'Next occurrences' }))
    .queryAllByRole('listitem')
    .map((item) => ({ text: item.textContent, at: item.querySelector('time')?.getAttribute('dateTime') }));

describe('the next occurrences', () => {
  // Only Date is faked: "next" counts from 1 January 2031, whenever the test runs.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-01T00:00:00.000Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps 09:00 in Berlin across the change to summer time', () => {
    // Friday 21 March 2031, 09:00 CET; the clocks go forward on Sunday 30 March.
    renderWithProviders(<NextOccurrences rule={rule({})} zone={BERLIN} />);
    const list = shown();
    expect(list.map((o) => o.at)).toEqual([
      '2031-03-21T08:00:00.000Z',
      '2031-03-28T08:00:00.000Z',
      '2031-04-04T07:00:00.000Z',
      '2031-04-11T07:00:00.000Z',
      '2031-04-18T07:00:00.000Z',
    ]);
    for (const o of list) expect(o.text).toMatch(/^Friday, .* at 9:00\sAM$/);
    expect(list[2]?.text).toMatch(/^Friday, April 4, 2031 at 9:00\sAM$/);
    expect(screen.getByText('Dates and times are in your time zone, Europe/Berlin.')).toBeTruthy();
  });

  it('says that months without the 31st are skipped, and skips them', () => {
    renderWithProviders(
      <NextOccurrences
        rule={rule({ frequency: 'monthly', startDate: new Date('2031-01-31T08:00:00.000Z') })}
        zone={BERLIN}
      />,
    );
    expect(shown().map((o) => o.text?.split(',').slice(1, 2)[0]?.trim())).toEqual([
      'January 31',
      'March 31',
      'May 31',
      'July 31',
      'August 31',
    ]);
    expect(
      screen.getByText(
        'Months without a day 31 are skipped: the post goes out only in months that have one.',
      ),
    ).toBeTruthy();
  });

  it('stops at the end, and asks for a start until there is one', () => {
    const { unmount } = renderWithProviders(<NextOccurrences rule={rule({ count: 2 })} zone={BERLIN} />);
    expect(shown()).toHaveLength(2);
    expect(screen.queryByText(/Months without/)).toBeNull();
    unmount();
    renderWithProviders(<NextOccurrences rule={null} zone={BERLIN} />);
    expect(shown()).toHaveLength(0);
    expect(screen.getByText('Choose a start date and an interval to see the next occurrences.')).toBeTruthy();
  });
});
