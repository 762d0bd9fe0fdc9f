// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard, DashboardPost } from '../../../../shared/api/dashboard.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

const ID = '6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b2c';
const empty: Dashboard = {
  upcoming: { items: [], total: 0 },
  recent: { items: [], total: 0 },
  failures: { items: [], total: 0 },
  reconnect: [],
  awaiting: { items: [], total: 0 },
  awaitingRecurring: 0,
  drafts: { items: [], total: 0 },
};
const partly: DashboardPost = {
  id: ID,
  status: 'partially_failed',
  scheduledAt: '2030-01-05T15:00:00.000Z',
  at: '2030-01-05T15:00:02.000Z',
  card: 'Hello <strong>world</strong><img src=x onerror=alert(1)>',
  targets: [
    { platform: 'bluesky', status: 'failed', lastErrorCode: 'timeout', lastError: 'raw' },
    { platform: 'linkedin', status: 'failed', lastError: 'LinkedIn says no.' },
    {
      platform: 'twitter',
      status: 'published',
      remoteUrl: 'https://x.com/grace/status/1',
      publishedAt: '2030-01-05T15:00:02.000Z',
    },
  ],
};
const section = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says each list is empty only when it is', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /api/dashboard': () => ({ status: 200, json: empty }) }).fetch);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Nothing is scheduled in the next 7 days.')).toBeTruthy();
    expect(screen.getByText('No post has been published yet.')).toBeTruthy();
    expect(screen.getByText('No failed posts.')).toBeTruthy();
    expect(screen.getByText('No drafts. Save a post as a draft to find it here.')).toBeTruthy();
    expect(screen.getByText('No account needs reconnecting.')).toBeTruthy();
  });

  it('links the live posts, words why networks failed, retries, and names accounts to reconnect', async () => {
    let board: Dashboard = {
      ...empty,
      recent: { items: [partly], total: 12 },
      failures: { items: [partly], total: 1 },
      reconnect: [{ platform: 'bluesky', username: 'grace.bsky.social', reason: 'revoked' }],
      drafts: {
        items: [
          {
            id: ID,
            card: '',
            scheduledAt: null,
            updatedAt: '2030-01-01T00:00:00.000Z',
            platforms: ['bluesky'],
            mediaCount: 0,
          },
        ],
        total: 1,
      },
    };
    const api = fakeApi({
      'GET /api/dashboard': () => ({ status: 200, json: board }),
      [`POST /api/posts/${ID}/retry`]: () => {
        board = { ...board, failures: { items: [], total: 0 } };
        return { status: 200, json: {} };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<DashboardPage reconnect={<button type="button">Manage Platforms</button>} />);

    const recent = await screen.findByRole('region', { name: 'Recent results' });
    const link = within(recent).getByRole('link', { name: 'View post on X' });
    expect(link.getAttribute('href')).toBe('https://x.com/grace/status/1');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(recent).getAllByRole('link')).toHaveLength(1);
    expect(recent.textContent).toContain('Showing 1 of 12');
    expect(recent.querySelector('img')).toBeNull();
    expect(within(recent).getByText('world').tagName).toBe('STRONG');

    const failures = section('Failures');
    expect(failures.textContent).toContain('Bluesky: Bluesky did not answer in time.');
    expect(failures.textContent).toContain('LinkedIn: LinkedIn says no.');
    // Partly published: it can be retried, no longer rewritten.
    expect(within(failures).queryByRole('link', { name: 'Edit' })).toBeNull();

    const accounts = section('Accounts');
    expect(accounts.textContent).toContain('Bluesky (grace.bsky.social) needs reconnecting.');
    expect(within(accounts).getByRole('button', { name: 'Manage Platforms' })).toBeTruthy();

    const drafts = section('Drafts');
    expect(drafts.textContent).toContain('No date yet');
    expect(drafts.textContent).toContain('No text yet');
    expect(within(drafts).getByRole('link', { name: 'Open in the composer' }).getAttribute('href')).toBe(
      `/posts?edit=${ID}`,
    );

    fireEvent.click(within(failures).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Retrying the failed networks now.')).toBeTruthy();
    expect(await screen.findByText('No failed posts.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/dashboard')).toHaveLength(2);
  });
});
