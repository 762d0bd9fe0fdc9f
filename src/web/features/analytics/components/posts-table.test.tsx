// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsPost, AnalyticsPostList } from '../../../../shared/api/analytics.schemas';
import { PLATFORM_ERROR_CODES } from '../../../../shared/platforms/error-codes';
import { renderWithProviders } from '../../../testing/render';
import { PostsTable } from './posts-table';

const row = (code: string | null, i: number): AnalyticsPost => ({
  postId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  platform: 'bluesky',
  excerpt: `Post ${i}`,
  publishedAt: '2030-01-05T15:00:00.000Z',
  remoteUrl: null,
  likes: 3,
  shares: null,
  comments: 0,
  reach: null,
  impressions: null,
  clicks: i % 2 ? 12 : null,
  botClicks: i % 2 ? 3 : null,
  lastReadAt: '2030-01-05T16:00:00.000Z',
  state: code === 'needs_reconnect' || code === 'not_connected' ? 'paused' : code ? 'failed' : 'finished',
  code,
});

const table = (items: AnalyticsPost[]): AnalyticsPostList => ({
  range: { from: '2030-01-01', to: '2030-01-31', timeZone: 'UTC' },
  items,
  total: items.length,
});

describe('the analytics posts table', () => {
  afterEach(cleanup);

  it('says why each reading stopped, with no raw placeholder, whatever the code', () => {
    const codes = [...PLATFORM_ERROR_CODES, 'still_processing', 'no_such_code'];
    const { container } = renderWithProviders(
      <PostsTable
        list={table(codes.map(row))}
        sort={{ sort: 'publishedAt', order: 'desc' }}
        onSort={() => {}}
        page={0}
        onPage={() => {}}
      />,
    );
    const labelled = [...container.querySelectorAll('[aria-label]')].map((e) =>
      e.getAttribute('aria-label')!,
    );
    expect(labelled.filter((label) => label.startsWith('Reading failed: '))).toHaveLength(codes.length - 2);
    const shown = screen.getByTestId('analytics-posts').textContent!;
    for (const text of [shown, ...labelled]) expect(text).not.toMatch(/\{\{|\}\}/);
    expect(
      screen.getByLabelText("Reading failed: Bluesky refused to give this post's figures."),
    ).toBeTruthy();
    expect(
      screen.getByLabelText(
        'Reading failed: Something went wrong in Postwell while reading the figures; the error was logged.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByLabelText(
        'Paused: needs reconnecting: Your Bluesky account needs reconnecting; its figures are read again once it is.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText("Reading failed: Bluesky could not give this post's figures.")).toBeTruthy();
  });
});
