// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostTarget } from '../../../../shared/api/posts.schemas';
import { POST_ID, postTarget, wholePost } from '../../../testing/posts';
import { profileQueryKey } from '../../../lib/session';
import { profileIn } from '../../../testing/recurring';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../testing/render';
import { PostDetailDialog } from './post-detail-dialog';

const target = postTarget;

const ID = POST_ID;
const post = (targets: PostTarget[], status: Post['status']): Post =>
  wholePost(targets, status, '<p>Hello <strong>world</strong><img src=x onerror=alert(1)></p>');

describe('post details', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each network: its link, why it failed, its tries; Retry sends the failed ones again', async () => {
    const failed = post(
      [
        target({
          platform: 'twitter',
          status: 'published',
          attempts: 1,
          remoteUrl: 'https://x.com/grace/status/1',
          publishedAt: '2030-01-05T15:00:02.000Z',
        }),
        target({ status: 'failed', attempts: 5, lastErrorCode: 'timeout', lastError: 'raw' }),
        target({ platform: 'linkedin', status: 'failed', attempts: 1, lastError: 'LinkedIn says no.' }),
      ],
      'partially_failed',
    );
    const retried = post(
      failed.targets.map((t) => (t.status === 'failed' ? { ...t, status: 'pending' } : t)),
      'publishing',
    );
    const api = fakeApi({
      [`GET /api/posts/${ID}`]: () => ({ status: 200, json: failed }),
      [`POST /api/posts/${ID}/retry`]: () => ({ status: 200, json: retried }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />);

    // The calendar holds only the card: the whole post is asked for first.
    expect(screen.getByLabelText('Loading…')).toBeTruthy();
    const article = await screen.findByRole('article');
    expect(article.textContent).toBe('Hello world');
    expect(article.querySelector('img')).toBeNull();
    const x = screen.getByRole('group', { name: 'X' });
    const link = within(x).getByRole('link', { name: 'View post on X' });
    expect(link.getAttribute('href')).toBe('https://x.com/grace/status/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('group', { name: 'Bluesky' }).textContent).toContain(
      'Reason: Bluesky did not answer in time.',
    );
    expect(screen.getByRole('group', { name: 'Bluesky' }).textContent).toContain('Attempts: 5');
    expect(screen.getByRole('group', { name: 'LinkedIn' }).textContent).toContain(
      'Reason: LinkedIn said: “LinkedIn says no.”',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Retrying the failed networks now.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `/api/posts/${ID}/retry`)).toBe(true);
  });

  it('offers no Retry when nothing failed, and says what stands in the way', async () => {
    const waiting = post([target({ blocked: 'not_connected' })], 'scheduled');
    vi.stubGlobal(
      'fetch',
      fakeApi({ [`GET /api/posts/${ID}`]: () => ({ status: 200, json: waiting }) }).fetch,
    );
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />);
    expect((await screen.findByRole('group', { name: 'Bluesky' })).textContent).toContain(
      'Connect Bluesky to publish',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers a reviewer no Retry: their role may not publish', async () => {
    const failed = post([target({ status: 'failed', attempts: 5, lastErrorCode: 'timeout' })], 'failed');
    vi.stubGlobal(
      'fetch',
      fakeApi({ [`GET /api/posts/${ID}`]: () => ({ status: 200, json: failed }) }).fetch,
    );
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />, { role: 'reviewer' });
    expect((await screen.findByRole('group', { name: 'Bluesky' })).textContent).toContain('Attempts: 5');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('lets a reviewer approve a waiting post as it was read, and shows its history', async () => {
    const waiting = post([target({})], 'awaiting_approval');
    const api = fakeApi({
      [`GET /api/posts/${ID}`]: () => ({ status: 200, json: waiting }),
      [`GET /api/posts/${ID}/history`]: () => ({
        status: 200,
        json: {
          data: [
            {
              kind: 'approval_requested',
              actor: 'Carl',
              at: '2030-01-01T10:00:00.000Z',
              scheduledAt: '2030-01-05T15:00:00.000Z',
            },
          ],
        },
      }),
      [`POST /api/posts/${ID}/approve`]: () => ({ status: 200, json: { ...waiting, status: 'scheduled' } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    renderWithProviders(<PostDetailDialog id={ID} onClose={onClose} />, { role: 'reviewer' });
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
    expect(await screen.findByText(/^Carl asked for approval, for/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Post approved: it is scheduled.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/api/posts/${ID}/approve`,
      body: { hash: waiting.contentHash },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows its author that it waits, without Approve, and why a post was sent back', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET /api/posts/${ID}`]: () => ({ status: 200, json: post([target({})], 'awaiting_approval') }),
      }).fetch,
    );
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />, { role: 'contributor' });
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();
    const back = { ...post([target({})], 'draft'), reviewNote: 'Too salty.' };
    vi.stubGlobal('fetch', fakeApi({ [`GET /api/posts/${ID}`]: () => ({ status: 200, json: back }) }).fetch);
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />, { role: 'contributor' });
    expect(await screen.findByText('Sent back by a reviewer')).toBeTruthy();
    expect(screen.getByText('Too salty.')).toBeTruthy();
  });

  it('says so and closes when the post was deleted since the calendar showed it', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    // On the clock of the profile's zone, whatever the machine's.
    const client = testQueryClient();
    client.setQueryData(profileQueryKey, profileIn('Asia/Tokyo'));
    renderWithProviders(<PostDetailDialog id={ID} onClose={onClose} />, { client });
    expect(await screen.findByText('This post no longer exists: it was deleted.')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    // A 404 is not asked again.
    expect(api.calls.filter((c) => c.path === `/api/posts/${ID}`)).toHaveLength(1);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says when the post is an occurrence of a recurring post, and leads to it', async () => {
    const occurrence: Post = {
      ...post([target({})], 'scheduled'),
      recurringId: '3b2f7c1a-5d4e-4f6a-8b9c-0d1e2f3a4b5c',
      occurrenceAt: '2030-01-05T15:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      fakeApi({ [`GET /api/posts/${ID}`]: () => ({ status: 200, json: occurrence }) }).fetch,
    );
    const onClose = vi.fn();
    // On the clock of the profile's zone, whatever the machine's.
    const client = testQueryClient();
    client.setQueryData(profileQueryKey, profileIn('Asia/Tokyo'));
    renderWithProviders(<PostDetailDialog id={ID} onClose={onClose} />, { client });
    expect(
      await screen.findByText(
        /^An occurrence of a recurring post, planned for Sunday, January 6, 2030 at 12:00\sAM\.$/,
      ),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Show recurring posts' });
    expect(link.getAttribute('href')).toBe('/posts?view=recurring');
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it('says why an edited video failed, a time bound included, and nothing of a cancelled one', async () => {
    const video = (name: string, render: Post['media'][number]['render']): Post['media'][number] => ({
      id: crypto.randomUUID(),
      kind: 'video',
      name,
      mime: 'video/mp4',
      bytes: 1000,
      width: 640,
      height: 360,
      durationSeconds: 5,
      url: '/api/media/v',
      thumbnailUrl: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      edits: null,
      alt: '',
      render,
    });
    const withVideos: Post = {
      ...post([target({})], 'draft'),
      media: [
        video('slow.mp4', { status: 'failed', error: 'timeout' }),
        video('called-off.mp4', { status: 'cancelled', error: null }),
      ],
    };
    vi.stubGlobal(
      'fetch',
      fakeApi({ [`GET /api/posts/${ID}`]: () => ({ status: 200, json: withVideos }) }).fetch,
    );
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Edited video slow.mp4 failed: it took longer than this server allows for its length.',
    );
    expect(screen.queryByText(/called-off\.mp4/)).toBeNull();
  });

  it('says nothing of the kind for a single post', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ [`GET /api/posts/${ID}`]: () => ({ status: 200, json: post([target({})], 'scheduled') }) })
        .fetch,
    );
    renderWithProviders(<PostDetailDialog id={ID} onClose={() => {}} />);
    await screen.findByRole('article');
    expect(screen.queryByText(/recurring post/)).toBeNull();
  });
});
