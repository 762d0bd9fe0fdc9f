// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '../lib/session';
import { profileIn } from '../testing/recurring';
import { fakeApi, renderWithProviders, testQueryClient } from '../testing/render';
import { PostsRoute } from './posts-route';

function page(path: string) {
  const api = fakeApi({
    'GET /api/recurring-posts': () => ({ status: 200, json: { data: [] } }),
    'GET /api/posts/drafts?limit=20&offset=0': () => ({ status: 200, json: { data: [], total: 0 } }),
  });
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  client.setQueryData(profileQueryKey, profileIn('UTC'));
  renderWithProviders(<PostsRoute />, { path, client });
  return api;
}
const selected = (name: string) => screen.getByRole('tab', { name }).getAttribute('aria-selected');

describe('the post manager tabs', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens Single Post by default and loads nothing of the recurring posts', () => {
    const api = page('/posts');
    expect(selected('Single Post')).toBe('true');
    expect(selected('Calendar')).toBe('true');
    expect(api.calls.some((c) => c.path.startsWith('/api/recurring-posts'))).toBe(false);
  });

  it('opens on the calendar; New post opens the composer in a drawer, which closes at once when untouched', async () => {
    page('/posts');
    expect(screen.queryByRole('textbox', { name: 'Post text' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    const drawer = await screen.findByRole('dialog', { name: 'New post' });
    expect(
      await within(drawer).findByRole('textbox', { name: 'Post text' }, { timeout: 30_000 }),
    ).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard this post?' })).toBeNull();
  });

  it('asks before closing a composer with unsaved words: Keep writing keeps them, Discard drops them', async () => {
    page('/posts');
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    const editor = (await screen.findByRole(
      'textbox',
      { name: 'Post text' },
      { timeout: 30_000 },
    )) as HTMLElement & {
      editor: Editor;
    };
    act(() => void editor.editor.commands.setContent('<p>Half a thought</p>', { emitUpdate: true }));
    const drawer = screen.getByRole('dialog', { name: 'New post' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this post?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this post?' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Post text' }).textContent).toBe('Half a thought');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard this post?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    // Opened again, it is empty.
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    expect((await screen.findByRole('textbox', { name: 'Post text' })).textContent).toBe('');
  });

  it("shows the composer with the other features' parts the route gives it, in the toolbar's order", async () => {
    page('/posts');
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    await screen.findByRole('button', { name: 'Make Templates' }, { timeout: 30_000 });
    const tools = ['Make Templates', 'Insert text', 'Add Hashtags', 'Add Emoji'].map(
      (name) => screen.getAllByRole(name === 'Insert text' ? 'combobox' : 'button', { name })[0]!,
    );
    // Each comes after the one before it in the document.
    for (let i = 1; i < tools.length; i++)
      expect(
        tools[i - 1]!.compareDocumentPosition(tools[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Images' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Videos' })).toBeTruthy();
  });

  it('keeps ?tab=drafts working inside Single Post', () => {
    page('/posts?tab=drafts');
    expect(selected('Single Post')).toBe('true');
    expect(selected('Drafts')).toBe('true');
  });

  it('opens Recurring Posts from ?view=recurring, and goes back to Single Post', async () => {
    page('/posts?view=recurring');
    expect(selected('Recurring Posts')).toBe('true');
    // Its own chunk (with the ai feature's insights): transforming it on first import takes a while on a
    // busy machine.
    expect(await screen.findByRole('heading', { name: 'Recurring Posts' }, { timeout: 30_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Single Post' }));
    expect(selected('Single Post')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Recurring Posts' })).toBeNull();
  });
});
