// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarPost, Post } from '../../../../shared/api/posts.schemas';
import { fakeApi, testQueryClient } from '../../../testing/render';
import { postQueryKey } from './get-post';
import { postsRangeKey } from './get-posts';
import { useReschedulePost } from './reschedule-post';
import { calendarCard, POST_ID } from '../../../testing/posts';

const ID = POST_ID;
const card = calendarCard;
const full = { ...card, content: '<p>Hello</p>', platforms: ['bluesky'] } as unknown as Post;

describe('rescheduling from the calendar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves the card at once, even with the whole post kept beside the ranges (Edit, Details)', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const client = testQueryClient();
    const range = postsRangeKey('2030-01-01T00:00:00.000Z', '2030-02-01T00:00:00.000Z');
    client.setQueryData(range, [card]);
    client.setQueryData(postQueryKey(ID), full);
    const { result } = renderHook(() => useReschedulePost(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    result.current.mutate({ id: ID, date: '2030-01-09' });
    await waitFor(() =>
      expect(client.getQueryData<CalendarPost[]>(range)?.[0]?.scheduledAt?.slice(0, 10)).toBe('2030-01-09'),
    );
    expect(client.getQueryData(postQueryKey(ID))).toBe(full);
    answer(new Response(JSON.stringify({ ...full, scheduledAt: '2030-01-09T15:00:00.000Z' })));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('puts the card back when the server refuses', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    const client = testQueryClient();
    const range = postsRangeKey('2030-01-01T00:00:00.000Z', '2030-02-01T00:00:00.000Z');
    client.setQueryData(range, [card]);
    const { result } = renderHook(() => useReschedulePost(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    result.current.mutate({ id: ID, date: '2030-01-09' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData<CalendarPost[]>(range)).toEqual([card]);
  });
});
