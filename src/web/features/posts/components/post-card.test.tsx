// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { renderWithProviders } from '../../../testing/render';
import { type CardTexts, PostCard as Card, useCardTexts } from './post-card';

/** The card as a list shows it: the list's texts handed to it. */
function PostCard(props: Omit<Parameters<typeof Card>[0], 'texts'> & { texts?: CardTexts }) {
  const texts = useCardTexts();
  return <Card texts={texts} {...props} />;
}

const post = (over: Partial<CalendarPost>): CalendarPost => ({
  id: '6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b2c',
  status: 'scheduled',
  scheduledAt: '2030-01-05T15:00:00.000Z',
  card: 'Launch <strong>day</strong> &amp; more',
  targets: [
    { platform: 'bluesky', status: 'pending', blocked: 'not_connected' },
    { platform: 'twitter', status: 'failed', lastError: 'Nope.' },
  ],
  ...over,
});
const noop = () => {};
const actions = { onDetails: noop, onEdit: noop, onReschedule: noop, onDelete: noop };

describe('a calendar card', () => {
  afterEach(cleanup);

  it("shows the server's card HTML and each network's state from the summary", () => {
    renderWithProviders(<PostCard post={post({})} zone="UTC" {...actions} />);
    const card = screen.getByLabelText(/^Post at/);
    expect(card.textContent).toContain('Launch day & more');
    expect(card.querySelector('strong')?.textContent).toBe('day');
    expect(screen.getByRole('img', { name: 'Connect Bluesky to publish' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'X: failed: X said: “Nope.”' })).toBeTruthy();
  });

  it('passes the card through the card allowlist again, whatever the server sent', () => {
    renderWithProviders(
      <PostCard
        post={post({ card: 'Hi <img src=x onerror=alert(1)><a href="javascript:x()">there</a>' })}
        zone="UTC"
        {...actions}
      />,
    );
    const card = screen.getByLabelText(/^Post at/);
    expect(card.textContent).toContain('Hi there');
    expect(card.querySelector('img, a')).toBeNull();
  });

  it("shows the time on the clock of the profile's zone, not the browser's", () => {
    renderWithProviders(<PostCard post={post({})} zone="Asia/Kolkata" {...actions} />);
    // 15:00 UTC is 20:30 in India, whatever zone the test runs in.
    expect(screen.getByLabelText(/^Post at/).getAttribute('aria-label')).toMatch(/^Post at 8:30\sPM$/);
  });

  it('marks an occurrence of a recurring post, and only that', () => {
    renderWithProviders(<PostCard post={post({ recurring: true })} zone="UTC" {...actions} />);
    expect(screen.getByRole('img', { name: 'Occurrence of a recurring post' })).toBeTruthy();
    cleanup();
    renderWithProviders(<PostCard post={post({})} zone="UTC" {...actions} />);
    expect(screen.queryByRole('img', { name: 'Occurrence of a recurring post' })).toBeNull();
  });

  it('says a queued post is queued, and one of a paused queue that it is held', () => {
    const status = () => screen.getByLabelText(/^Post at/).querySelector('[data-status]')!;
    renderWithProviders(<PostCard post={post({ queue: 'queued' })} zone="UTC" {...actions} />);
    expect(status().textContent).toBe('queued');
    expect(status().getAttribute('data-status')).toBe('queued');
    cleanup();
    renderWithProviders(<PostCard post={post({ queue: 'paused' })} zone="UTC" {...actions} />);
    expect(status().textContent).toBe('queue paused');
    expect(status().getAttribute('data-status')).toBe('held');
    cleanup();
    // Waiting for approval says that first.
    renderWithProviders(
      <PostCard post={post({ queue: 'queued', status: 'awaiting_approval' })} zone="UTC" {...actions} />,
    );
    expect(status().textContent).toBe('awaiting approval');
  });
});
