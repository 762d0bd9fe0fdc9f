// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostTarget } from '../../../../shared/api/posts.schemas';
import { POST_ID, postTarget, wholePost } from '../../../testing/posts';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { PublishProgress } from './publish-progress';

const target = postTarget;

const ID = POST_ID;
const post = (targets: PostTarget[], status: Post['status']): Post => wholePost(targets, status);

function watch(answers: Post[]) {
  let call = 0;
  const api = fakeApi({
    [`GET /api/posts/${ID}`]: () => ({ status: 200, json: answers[Math.min(call++, answers.length - 1)] }),
  });
  vi.stubGlobal('fetch', api.fetch);
  const onDone = vi.fn();
  renderWithProviders(<PublishProgress id={ID} onDone={onDone} />);
  return { api, onDone };
}

describe('Post now progress', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says "Publishing now" while a network is pending, then each outcome with the live link', async () => {
    const { api, onDone } = watch([
      post(
        [target({ platform: 'twitter' }), target({ platform: 'linkedin', status: 'publishing' })],
        'publishing',
      ),
      post(
        [
          target({ platform: 'twitter', status: 'published', remoteUrl: 'https://x.com/ada/status/1' }),
          target({ platform: 'linkedin', status: 'failed', lastErrorCode: 'rate_limited' }),
        ],
        'partially_failed',
      ),
    ]);
    expect(await screen.findByText('Publishing now')).toBeTruthy();
    expect(await screen.findByText('LinkedIn: publishing')).toBeTruthy();

    expect(await screen.findByText('Published to some networks', {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByText(/^X: published/).textContent).toBe('X: published · View post');
    const link = screen.getByRole('link', { name: 'View post on X' });
    expect(link.getAttribute('href')).toBe('https://x.com/ada/status/1');
    expect(screen.getByText('LinkedIn: failed: LinkedIn asked us to slow down.')).toBeTruthy();
    expect(screen.queryByText('Publishing now')).toBeNull();
    expect(onDone).toHaveBeenCalledWith(ID);
    expect(api.calls.length).toBe(2);
  });

  it('never links anything but a web address', async () => {
    watch([
      post(
        [target({ platform: 'bluesky', status: 'published', remoteUrl: 'javascript:alert(1)' })],
        'published',
      ),
    ]);
    expect(await screen.findByText('Published')).toBeTruthy();
    expect(screen.getByText('Bluesky: published')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says so when the post is gone meanwhile', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({}).fetch, // every call answers 404
    );
    const onDone = vi.fn();
    renderWithProviders(<PublishProgress id={ID} onDone={onDone} />);
    expect(await screen.findByText('Not published')).toBeTruthy();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(ID));
  });
});
