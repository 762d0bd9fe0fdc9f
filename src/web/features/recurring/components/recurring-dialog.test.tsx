// @vitest-environment jsdom
import type { Editor } from '@tiptap/react';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '../../../lib/session';
import { mediaItem, profileIn, RECURRING_ID, recurringPost } from '../../../testing/recurring';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../testing/render';
import { RecurringDialog } from './recurring-dialog';

const BERLIN = 'Europe/Berlin';
type Routes = Parameters<typeof fakeApi>[0];

function open(post?: Parameters<typeof recurringPost>[0], routes: Routes = {}) {
  const api = fakeApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  client.setQueryData(profileQueryKey, profileIn(BERLIN));
  const onClose = vi.fn();
  renderWithProviders(<RecurringDialog post={post && recurringPost(post)} onClose={onClose} />, { client });
  const sent = () => api.calls.filter((c) => c.path.startsWith('/api/recurring-posts'));
  return { sent, onClose };
}

/** Tiptap keeps its editor on the editable element; typing into contenteditable is beyond jsdom. */
const write = (html: string) => {
  const dom = screen.getByRole('textbox', { name: 'Post text' }) as HTMLElement & { editor: Editor };
  act(() => void dom.editor.commands.setContent(html, { emitUpdate: true }));
};
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const click = (role: 'button' | 'checkbox' | 'radio', name: string) =>
  fireEvent.click(screen.getByRole(role, { name }));
const nextOccurrences = () =>
  within(screen.getByRole('region', { name: 'Next occurrences' }))
    .queryAllByRole('listitem')
    // Intl puts a narrow no-break space before AM in some ICU versions, a space in others.
    .map((item) => item.textContent?.replace(/\s/g, ' '));

describe('the recurring post dialog', () => {
  // Only Date is faked: today is Friday 10 January 2031 whenever the test runs.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-10T12:00:00.000Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("names every missing field in the spec's words and sends nothing", async () => {
    const { sent } = open();
    expect(screen.getByRole('dialog', { name: 'Create Recurring Post' })).toBeTruthy();
    click('button', 'Create Recurring Post');
    expect(screen.getByText('Please fill in all required fields')).toBeTruthy();
    expect(screen.getByText('Write something to post.')).toBeTruthy();
    expect(screen.getByText('Choose at least one network.')).toBeTruthy();
    expect(screen.getByText('Start date is required')).toBeTruthy();

    type('Interval', '0');
    click('button', 'Create Recurring Post');
    expect(screen.getByText('Interval must be greater than 0')).toBeTruthy();
    type('Interval', '');
    click('button', 'Create Recurring Post');
    expect(screen.getByText('Interval is required')).toBeTruthy();

    // Choosing the chosen frequency again clears it.
    fireEvent.click(screen.getByRole('combobox', { name: 'Frequency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Weekly', hidden: true }));
    click('button', 'Create Recurring Post');
    expect(screen.getByText('Frequency is required')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('creates one: the body the schema accepts, the next five occurrences, the notice', async () => {
    const { sent, onClose } = open(undefined, {
      'POST /api/recurring-posts': () => ({ status: 201, json: recurringPost() }),
    });
    write('<p>Weekly digest</p>');
    click('checkbox', 'Bluesky');
    click('button', 'Start date');
    // Monday 20 January 2031, at 00:00 on the profile's clock (Berlin), whatever the browser's zone.
    fireEvent.click(await screen.findByRole('button', { name: '20 January 2031' }));
    // The dropdown is still in its opening transition for jsdom, hence `hidden`.
    fireEvent.click(screen.getByRole('button', { name: 'Done', hidden: true }));
    click('checkbox', 'Mon');
    click('checkbox', 'Wed');
    click('radio', 'After a number of occurrences');
    type('Number of occurrences', '5');

    expect(nextOccurrences()).toEqual([
      'Monday, January 20, 2031 at 12:00 AM',
      'Wednesday, January 22, 2031 at 12:00 AM',
      'Monday, January 27, 2031 at 12:00 AM',
      'Wednesday, January 29, 2031 at 12:00 AM',
      'Monday, February 3, 2031 at 12:00 AM',
    ]);

    click('button', 'Create Recurring Post');
    expect(await screen.findByText('Recurring post created successfully')).toBeTruthy();
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/api/recurring-posts',
        body: {
          content: '<p>Weekly digest</p>',
          platforms: ['bluesky'],
          accounts: [],
          media: [],
          versions: [],
          startDate: '2031-01-19T23:00:00.000Z',
          endDate: null,
          count: 5,
          frequency: 'weekly',
          interval: 1,
          weekdays: [0, 2],
          timezone: BERLIN,
        },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('edits one: what it holds goes back with the change, its media with their edits', async () => {
    const image = { ...mediaItem('image'), alt: 'A chart' };
    const video = { ...mediaItem('video'), edits: { aspectRatio: '1:1' as const, captions: [] } };
    const { sent, onClose } = open(
      // Instagram takes images and videos together in one post.
      {
        platforms: ['instagram'],
        media: [image, video],
        versions: [{ platform: 'instagram', account: null, content: '<p>For Instagram</p>', media: null }],
        weekdays: [5],
        endDate: '2031-03-03T22:59:59.999Z',
        timezone: BERLIN,
      },
      { [`PUT /api/recurring-posts/${RECURRING_ID}`]: () => ({ status: 200, json: recurringPost() }) },
    );
    expect(screen.getByRole('dialog', { name: 'Edit Recurring Post' })).toBeTruthy();
    // Its version for Instagram is marked in the "Text for" row, and opens in the editor.
    fireEvent.click(screen.getByRole('radio', { name: 'Instagram, its own version' }));
    expect(screen.getByText(/^Instagram has a version of its own/)).toBeTruthy();
    type('Interval', '2');
    expect(screen.getByText('Every 2 weeks')).toBeTruthy();
    click('button', 'Save changes');
    expect(await screen.findByText('Recurring post updated successfully')).toBeTruthy();
    expect(sent()[0]).toEqual({
      method: 'PUT',
      path: `/api/recurring-posts/${RECURRING_ID}`,
      body: {
        content: '<p>Weekly <strong>digest</strong></p>',
        platforms: ['instagram'],
        accounts: [],
        media: [
          { id: image.id, alt: 'A chart' },
          { id: video.id, edits: { aspectRatio: '1:1', captions: [] } },
        ],
        versions: [{ platform: 'instagram', content: '<p>For Instagram</p>' }],
        startDate: '2030-01-05T15:00:00.000Z',
        // The last moment of 3 March on the profile's clock, as chosen.
        endDate: '2031-03-03T22:59:59.999Z',
        count: null,
        frequency: 'weekly',
        interval: 2,
        weekdays: [5],
        timezone: BERLIN,
      },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's field messages on their fields, and its words when content is missing", async () => {
    let answer = {
      status: 400,
      json: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid',
        fields: { frequency: 'recurring.frequencyRequired', startDate: 'recurring.startDateRequired' },
      } as object,
    };
    const { onClose } = open({}, { [`PUT /api/recurring-posts/${RECURRING_ID}`]: () => answer });
    click('button', 'Save changes');
    expect(await screen.findByText('Frequency is required')).toBeTruthy();
    expect(screen.getByText('Start date is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Some fields are not valid. Please check them and try again.',
    );

    answer = {
      status: 400,
      json: {
        statusCode: 400,
        code: 'RECURRING_INCOMPLETE',
        message: 'Please fill in all required fields',
        fields: { content: 'posts.contentRequired' },
      },
    };
    click('button', 'Save changes');
    expect(await screen.findByText('Write something to post.')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields')).toBeTruthy();
    expect(screen.queryByText('Frequency is required')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("words the server's limits: the cap with its number, a start before 1900 at its field", async () => {
    let answer = {
      status: 409,
      json: {
        statusCode: 409,
        code: 'TOO_MANY_RECURRING_POSTS',
        message: 'You already have 100 recurring posts; delete one first.',
        params: { max: 100 },
      } as object,
    };
    open(undefined, { 'POST /api/recurring-posts': () => answer });
    write('<p>Weekly digest</p>');
    click('checkbox', 'Bluesky');
    click('button', 'Start date');
    fireEvent.click(await screen.findByRole('button', { name: '20 January 2031' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done', hidden: true }));
    click('button', 'Create Recurring Post');
    expect(
      await screen.findByText('You already have 100 recurring posts. Delete one before creating another.'),
    ).toBeTruthy();

    answer = {
      status: 400,
      json: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid',
        fields: { startDate: 'recurring.startDateTooEarly' },
      },
    };
    click('button', 'Create Recurring Post');
    expect(await screen.findByText('Check the year: the start date must be in 1900 or later.')).toBeTruthy();
  });
});
