// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecurringPost } from '../../shared/api/recurring.schemas';
import { profileQueryKey } from '../lib/session';
import { mediaItem, profileIn, RECURRING_ID, recurringPost } from '../testing/recurring';
import { fakeApi, renderWithProviders, testQueryClient } from '../testing/render';
import { RecurringTab } from './recurring-tab';

const OTHER_ID = '7c6b5a49-3827-4a16-b5f4-e3d2c1b0a998';

function show(list: RecurringPost[], routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/recurring-posts': () => ({ status: 200, json: { data: list } }),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  // New York: 15:00 UTC on 5 January 2030 is 10:00 there.
  client.setQueryData(profileQueryKey, profileIn('America/New_York'));
  // As the app shows the tab: the AI insights come from the ai feature.
  renderWithProviders(<RecurringTab />, { client });
  return api;
}
const item = (name: RegExp) => screen.findByRole('listitem', { name });

describe('the recurring posts list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each one: next post in the profile zone, rule, content, media, networks, what happened', async () => {
    show([
      recurringPost({
        content: '<p>Weekly <strong>digest</strong><img src=x onerror=alert(1)></p>',
        weekdays: [0, 4],
        interval: 2,
        count: 10,
        media: [{ ...mediaItem('image'), alt: 'A chart' }, mediaItem('video')],
        skipped: [
          { at: '2030-01-12T15:00:00.000Z', reason: 'missed' },
          { at: '2030-01-08T15:00:00.000Z', reason: 'missed' },
        ],
        skippedTotal: 2,
        occurrences: [
          {
            postId: '0e0d0c0b-0a09-4807-8605-040302010000',
            at: '2029-12-29T15:00:00.000Z',
            targets: [
              { platform: 'bluesky', status: 'published' },
              { platform: 'linkedin', status: 'failed' },
            ],
          },
        ],
      }),
    ]);
    const card = await item(/^Next Post: Jan 5, 2030, 10:00\sAM$/);
    expect(within(card).getByText('Every 2 weeks on Monday and Friday, 10 times')).toBeTruthy();
    const content = within(card).getByText((_, el) => el?.textContent === 'Weekly digest');
    expect(content.querySelector('strong')?.textContent).toBe('digest');
    expect(card.querySelector('img[src=x], script')).toBeNull();
    expect(within(card).getByRole('img', { name: 'A chart' })).toBeTruthy();
    expect(card.querySelector('video[aria-label="clip.mp4"]')?.getAttribute('src')).toBe('/api/media/video');
    const networks = within(card).getByRole('list', { name: 'Networks' });
    expect(
      within(networks)
        .getAllByRole('listitem')
        .map((n) => n.textContent),
    ).toEqual(['Bluesky', 'LinkedIn']);
    expect(within(card).getByText('2 occurrences skipped: the server was down')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Skipped occurrences' }));
    expect(within(card).getByText(/^Jan 12, 2030, 10:00\sAM$/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Recent posts' }));
    expect(within(card).getByText('Bluesky: published')).toBeTruthy();
    expect(within(card).getByText('LinkedIn: failed')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'AI Insights' }));
    expect(
      within(card).getByText('No insights yet: they are computed when the recurring post is saved.'),
    ).toBeTruthy();
  });

  it('shows the stored AI insights: tone, advice naming the network and the number, hashtags', async () => {
    show([
      recurringPost({
        aiInsights: {
          tone: 'Negative',
          score: -0.25,
          recommendations: [
            { code: 'tooLong', platform: 'twitter', values: { count: 37 } },
            { code: 'tooManyHashtags', platform: 'linkedin', values: { count: 9, min: 1, max: 3 } },
            { code: 'model', text: 'Open with a question.' },
          ],
          hashtags: ['#coffee', '#beans'],
          analysed: true,
          source: 'model',
          generatedAt: '2029-12-01T00:00:00.000Z',
        },
      }),
    ]);
    const card = await item(/^Next Post/);
    fireEvent.click(within(card).getByRole('button', { name: 'AI Insights' }));
    expect(within(card).getByText('Negative')).toBeTruthy();
    expect(within(card).getByText('Score -0.25')).toBeTruthy();
    expect(within(card).getByText('X: 37 characters over')).toBeTruthy();
    expect(within(card).getByText('9 hashtags; 1–3 do best on LinkedIn')).toBeTruthy();
    expect(within(card).getByText('Open with a question.')).toBeTruthy();
    expect(within(card).getByText('#coffee')).toBeTruthy();
  });

  it('says when one has ended, and when there are none', async () => {
    show([recurringPost({ active: false, nextScheduledDate: null, endDate: '2030-02-01T23:59:59.999Z' })]);
    const card = await item(/^No more posts/);
    expect(within(card).getByText('Ended')).toBeTruthy();
    expect(within(card).getByText('Every week on Saturday, until Feb 1, 2030')).toBeTruthy();
    cleanup();
    show([]);
    expect(await screen.findByText(/^No recurring posts yet\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Recurring Post' })).toBeTruthy();
  });

  it('deletes one after asking, says so, and asks for the list again', async () => {
    let list = [recurringPost(), recurringPost({ id: OTHER_ID, frequency: 'daily' })];
    const api = show(list, {
      [`DELETE /api/recurring-posts/${RECURRING_ID}`]: () => {
        list = list.filter((p) => p.id !== RECURRING_ID);
        return { status: 204 };
      },
      'GET /api/recurring-posts': () => ({ status: 200, json: { data: list } }),
    });
    const first = (await screen.findAllByRole('listitem', { name: /^Next Post/ }))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Delete recurring post' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Are you sure you want to delete this recurring post?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Recurring post deleted successfully')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/recurring-posts/${RECURRING_ID}`,
    ]);
    await vi.waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Next Post/ })).toHaveLength(1));
    expect(screen.getByText('Every day')).toBeTruthy();
  });

  it('opens the edit dialog with the post, and the create dialog empty', async () => {
    show([recurringPost()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit recurring post' }));
    expect(screen.getByRole('dialog', { name: 'Edit Recurring Post' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Interval' }) as HTMLInputElement).value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Recurring Post' }));
    expect(screen.getByRole('dialog', { name: 'Create Recurring Post' })).toBeTruthy();
  });
});
