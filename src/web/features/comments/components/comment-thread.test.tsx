// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../shared/api/comments.schemas';
import { POST_ID } from '../../../testing/posts';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { CommentThread } from './comment-thread';

const members = [
  { userId: 'u-ana', name: 'Ana Lima' },
  { userId: 'u-bruno', name: 'Bruno' },
];
const comment = (over: Partial<Comment>): Comment => ({
  id: '11111111-1111-4111-8111-111111111111',
  authorId: 'u-bruno',
  authorName: 'Bruno',
  body: 'Looks good',
  mentions: [],
  createdAt: '2030-01-05T15:00:00.000Z',
  editedAt: null,
  guest: false,
  mayEdit: false,
  mayDelete: false,
  ...over,
});

describe('a post’s comments', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each comment as text with its mentions set apart, and Edit or Delete only where allowed', async () => {
    const thread = [
      comment({ body: '<b>@Ana Lima</b> shorter?', mentions: [{ userId: 'u-ana', name: 'Ana Lima' }] }),
      comment({
        id: '22222222-2222-4222-8222-222222222222',
        authorId: 'u-ana',
        authorName: 'Ana Lima',
        body: 'Done',
        editedAt: '2030-01-05T16:00:00.000Z',
        mayEdit: true,
        mayDelete: true,
      }),
    ];
    vi.stubGlobal(
      'fetch',
      fakeApi({ [`GET /api/posts/${POST_ID}/comments`]: () => ({ status: 200, json: { data: thread } }) })
        .fetch,
    );
    renderWithProviders(<CommentThread subject={{ postId: POST_ID }} members={members} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Written HTML stays text; the mention is its own bold part.
    expect(items[0]!.querySelector('b')).toBeNull();
    expect(within(items[0]!).getByText('@Ana Lima').tagName).toBe('SPAN');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('edited');
    expect(within(items[1]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
  });

  it('offers members after @, and sends the comment with those still named', async () => {
    const api = fakeApi({
      [`GET /api/posts/${POST_ID}/comments`]: () => ({ status: 200, json: { data: [] } }),
      [`POST /api/posts/${POST_ID}/comments`]: () => ({ status: 201, json: comment({}) }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<CommentThread subject={{ postId: POST_ID }} members={members} />);
    expect(await screen.findByText(/No comments yet/)).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hi @li', selectionStart: 6, selectionEnd: 6 } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Lima', hidden: true }));
    expect(box.value).toBe('Hi @Ana Lima ');
    fireEvent.change(box, { target: { value: 'Hi @Ana Lima please check' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      body: 'Hi @Ana Lima please check',
      mentions: ['u-ana'],
    });
  });

  it('says what is wrong before sending an empty comment', async () => {
    const api = fakeApi({
      [`GET /api/posts/${POST_ID}/comments`]: () => ({ status: 200, json: { data: [] } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<CommentThread subject={{ postId: POST_ID }} members={members} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Write something first.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
