// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdaptButton } from '../features/ai/components/adapt-button';
import { profileQueryKey } from '../lib/session';
import { profileIn } from '../testing/recurring';
import { wholePost } from '../testing/posts';
import { fakeApi, renderWithProviders, testQueryClient } from '../testing/render';
import { Composer } from '../features/posts/components/composer';
import { type Draft, emptyDraft } from '../features/posts/draft';
import { PostsSlotsProvider } from '../features/posts/components/posts-slots';
import { receivedBy, versionsToSend, withVersion } from '../components/post-form/versions';

const LONG = `<p>${'Our autumn menu has three soups. '.repeat(10)}</p>`;

function Harness({ start, seen }: { start: Draft; seen: (draft: Draft) => void }) {
  const [draft, setDraft] = useState(start);
  return (
    <PostsSlotsProvider value={{ adaptForNetwork: AdaptButton }}>
      <Composer
        draft={draft}
        onChange={(next) => {
          seen(next);
          setDraft(next);
        }}
        onSaved={() => {}}
      />
    </PostsSlotsProvider>
  );
}

function render(start: Partial<Draft>, model = false) {
  const api = fakeApi({
    'GET /api/ai/status': () => ({ status: 200, json: { model, tones: [] } }),
    'POST /api/ai/adaptForNetwork': () => ({
      status: 200,
      json: { response: 'Autumn menu: 3 soups.\n#autumn' },
    }),
    'POST /api/posts': () => ({ status: 201, json: wholePost([], 'draft') }),
  });
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  client.setQueryData(profileQueryKey, profileIn('UTC'));
  const drafts: Draft[] = [];
  renderWithProviders(<Harness start={{ ...emptyDraft(), ...start }} seen={(d) => drafts.push(d)} />, {
    client,
  });
  return { api, drafts };
}

describe('per-network versions in the composer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a network too long for the text for all networks is fine once its version is short; Reset takes it back', async () => {
    const { api, drafts } = render({
      content: LONG,
      platforms: ['twitter', 'linkedin'],
      versions: [{ platform: 'twitter', account: null, content: '<p>Three soups.</p>', media: null }],
    });
    // X has its own version: no problem for X, and the counter follows LinkedIn, the only one on the base.
    expect(screen.queryByText(/^X: \d+ characters, the limit is 280/)).toBeNull();
    expect(screen.getByText(/^LinkedIn: /)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'X, its own version' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'X, its own version' }));
    expect(screen.getByText(/X has a version of its own/)).toBeTruthy();
    expect(screen.getByText('X: 268 characters remaining')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Post text' }).textContent).toBe('Three soups.');

    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/posts')).toBe(true));
    const body = api.calls.find((c) => c.path === '/api/posts')!.body as { versions: unknown };
    expect(body.versions).toEqual([{ platform: 'twitter', content: '<p>Three soups.</p>' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset to the text for all networks' }));
    expect(drafts.at(-1)!.versions).toEqual([]);
    expect(screen.getByText(/X gets the text for all networks/)).toBeTruthy();
    // X now takes the long text: its rule speaks again.
    expect(screen.getByText(/^X: \d+ characters, the limit is 280\.$/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Post text' }).textContent).toContain('Our autumn menu');
  });

  it('without a model there is no Adapt button; with one, Adapt for LinkedIn writes its version', async () => {
    render({ content: '<p>Soup season</p>', platforms: ['linkedin'] });
    fireEvent.click(screen.getByRole('radio', { name: 'LinkedIn' }));
    expect(screen.getByText(/LinkedIn gets the text for all networks/)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Adapt for LinkedIn' })).toBeNull();
    cleanup();

    const { api, drafts } = render({ content: '<p>Soup season</p>', platforms: ['linkedin'] }, true);
    fireEvent.click(screen.getByRole('radio', { name: 'LinkedIn' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Adapt for LinkedIn' }));
    await waitFor(() => expect(drafts.at(-1)?.versions.length).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/ai/adaptForNetwork')!.body).toEqual({
      content: '<p>Soup season</p>',
      platform: 'linkedin',
    });
    expect(drafts.at(-1)!.versions).toEqual([
      {
        platform: 'linkedin',
        account: null,
        content: '<p>Autumn menu: 3 soups.</p><p>#autumn</p>',
        media: null,
      },
    ]);
    expect(drafts.at(-1)!.content).toBe('<p>Soup season</p>');
    expect(
      await screen.findByText('The model wrote the version for LinkedIn: read it before it goes out.'),
    ).toBeTruthy();
  });
});

describe('versions', () => {
  const media = [{ id: 'a' }, { id: 'b' }];

  it('a network gets its version and its files, in the post order, or the post', () => {
    const versions = [{ platform: 'twitter' as const, content: 'x', media: ['b'] }];
    expect(receivedBy('twitter', 'base', media, versions)).toMatchObject({ content: 'x', own: true });
    expect(receivedBy('twitter', 'base', media, versions).media.map((m) => m.id)).toEqual(['b']);
    expect(receivedBy('linkedin', 'base', media, versions)).toMatchObject({ content: 'base', own: false });
  });

  const X = { platform: 'twitter' as const, account: null };
  const LINKEDIN = { platform: 'linkedin' as const, account: null };
  const BRAND = { platform: 'twitter' as const, account: 'brand-id' };

  it('a version starts from the post, and a save sends only chosen networks and present files', () => {
    const started = withVersion([], X, 'base', { media: ['a'] });
    expect(started).toEqual([{ platform: 'twitter', account: null, content: 'base', media: ['a'] }]);
    const both = withVersion(started, LINKEDIN, 'base', { content: 'in' });
    expect(versionsToSend(both, ['twitter'], media)).toEqual([
      { platform: 'twitter', content: 'base', media: ['a'] },
    ]);
    // Every file chosen again, or a file gone from the post.
    expect(versionsToSend(withVersion(both, X, 'base', { media: ['a', 'b'] }), ['twitter'], media)).toEqual([
      { platform: 'twitter', content: 'base' },
    ]);
    expect(versionsToSend(both, ['twitter'], [{ id: 'b' }])).toEqual([
      { platform: 'twitter', content: 'base', media: [] },
    ]);
  });

  it("an account's version starts from its network's and comes before it; it is sent while the account is chosen", () => {
    const network = withVersion([], X, 'base', { content: 'for X', media: ['b'] });
    const own = withVersion(network, BRAND, 'base', { content: 'for the brand' });
    expect(own.at(-1)).toEqual({
      platform: 'twitter',
      account: 'brand-id',
      content: 'for the brand',
      media: ['b'],
    });
    expect(receivedBy('twitter', 'base', media, own, 'brand-id')).toMatchObject({ content: 'for the brand' });
    expect(receivedBy('twitter', 'base', media, own, 'shop-id')).toMatchObject({ content: 'for X' });
    expect(receivedBy('twitter', 'base', media, own)).toMatchObject({ content: 'for X' });
    expect(versionsToSend(own, ['twitter'], media, ['brand-id'])).toEqual([
      { platform: 'twitter', content: 'for X', media: ['b'] },
      { platform: 'twitter', account: 'brand-id', content: 'for the brand', media: ['b'] },
    ]);
    expect(versionsToSend(own, ['twitter'], media, ['shop-id'])).toEqual([
      { platform: 'twitter', content: 'for X', media: ['b'] },
    ]);
  });
});
