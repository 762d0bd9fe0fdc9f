// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewPage as Page, ReviewPost } from '../../../../shared/api/review-links.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { type ReviewPreview, ReviewPage } from './review-page';

const TOKEN = 'A'.repeat(43);
const post = (over: Partial<ReviewPost>): ReviewPost => ({
  id: '11111111-1111-4111-8111-111111111111',
  content: '<p>Tulips</p>',
  platforms: ['bluesky', 'linkedin'],
  targets: [
    { platform: 'bluesky', account: 'bloom.example' },
    { platform: 'linkedin', account: null },
  ],
  versions: [],
  scheduledAt: '2031-05-06T08:00:00.000Z',
  timezone: 'Europe/Paris',
  status: 'scheduled',
  contentHash: 'a'.repeat(64),
  media: [],
  decision: null,
  comments: [],
  ...over,
});
const page = (posts: ReviewPost[]): Page => ({
  workspace: 'Bloom',
  label: 'May',
  expiresAt: '2031-05-20T08:00:00.000Z',
  posts,
});
const Preview: ReviewPreview = ({ platform, account }) => (
  <p>
    preview of {platform} from {account ?? 'none'}
  </p>
);

describe('the client review page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each post per network, and asks a name before Approve, which sends what was shown', async () => {
    const api = fakeApi({
      [`GET /api/review/${TOKEN}`]: () => ({ status: 200, json: page([post({})]) }),
      [`POST /api/review/${TOKEN}/posts/11111111-1111-4111-8111-111111111111/approve`]: () => ({
        status: 200,
        json: post({ decision: { kind: 'approved', by: 'Flora', at: '2031-05-04T08:00:00.000Z' } }),
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<ReviewPage preview={Preview} />, { path: `/review#${TOKEN}` });
    const card = await screen.findByRole('article');
    expect(screen.getByRole('heading', { name: 'Posts for your review from Bloom' })).toBeTruthy();
    expect(within(card).getByRole('region', { name: 'Bluesky' }).textContent).toContain(
      'preview of bluesky from bloom.example',
    );
    expect(within(card).getByRole('region', { name: 'LinkedIn' }).textContent).toContain('from none');
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: ' Flora ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByText(/^Approved by Flora/)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Flora', hash: 'a'.repeat(64) });
    expect(localStorage.getItem('postwell.reviewerName')).toBe('Flora');
  });

  it('says a withdrawn link was withdrawn, and offers nothing', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET /api/review/${TOKEN}`]: () => ({
          status: 410,
          json: { statusCode: 410, code: 'REVIEW_LINK_REVOKED', message: 'gone' },
        }),
      }).fetch,
    );
    renderWithProviders(<ReviewPage preview={Preview} />, { path: `/review#${TOKEN}` });
    expect(await screen.findByText('This review link was withdrawn by the team that made it.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('keeps a published post closed to decisions', async () => {
    localStorage.setItem('postwell.reviewerName', 'Flora');
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET /api/review/${TOKEN}`]: () => ({ status: 200, json: page([post({ status: 'published' })]) }),
      }).fetch,
    );
    renderWithProviders(<ReviewPage preview={Preview} />, { path: `/review#${TOKEN}` });
    const card = await screen.findByRole('article');
    await waitFor(() => expect(within(card).getByText(/can no longer be changed/)).toBeTruthy());
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
