// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../../../shared/api/ai.schemas';
import { profileQueryKey } from '../../../lib/session';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../testing/render';
import { ComposerAi } from './composer-ai';

const ID = '6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b2c';
const insights: Insights = {
  tone: 'Positive',
  score: 0.6,
  recommendations: [
    { code: 'tooLong', platform: 'twitter', values: { count: 37 } },
    { code: 'model', text: 'Add a picture of the team.' },
  ],
  hashtags: ['launch', '#startup'],
  analysed: true,
  source: 'offline',
  generatedAt: '2030-01-05T15:00:00.000Z',
};

const OTHER = '0b7e4c1a-5d2f-4e8a-9c3b-1a2b3c4d5e6f';

/** The AI actions as the composer holds them: mounted once, handed one post after another. */
function Composer({ content, postId, insert }: { content: string; postId?: string; insert: () => void }) {
  const [id, setId] = useState(postId);
  return (
    <>
      <button onClick={() => setId(OTHER)}>Open the other post</button>
      <button onClick={() => setId(postId)}>Open the first post</button>
      <ComposerAi content={content} platforms={['twitter']} postId={id} insert={insert} replace={() => {}} />
    </>
  );
}

function renderAi(content: string, postId?: string) {
  const insert = vi.fn();
  // Times are written on the profile's clock.
  const client = testQueryClient();
  client.setQueryData(profileQueryKey, { timeZone: 'UTC' } as never);
  renderWithProviders(<Composer content={content} postId={postId} insert={insert} />, { client });
  return insert;
}

describe('Generate AI Insights in the composer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for content first and sends nothing for an empty post', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderAi('<p> </p>');
    fireEvent.click(screen.getByRole('button', { name: 'Generate AI Insights' }));
    expect(await screen.findByText('Content is required to fetch insights.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows the tone, the recommendations in words and hashtags that go into the post', async () => {
    const api = fakeApi({
      'POST /api/ai/generatePostInsights': () => ({ status: 200, json: { response: insights } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const insert = renderAi('<p>We launch today!</p>', ID);
    fireEvent.click(screen.getByRole('button', { name: 'Generate AI Insights' }));
    expect(await screen.findByText('AI Insights generated successfully!')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      content: '<p>We launch today!</p>',
      platforms: ['twitter'],
      postId: ID,
    });
    const panel = screen.getByRole('region', { name: 'AI Insights' });
    expect(panel.textContent).toContain('Positive');
    expect(panel.textContent).toContain('X: 37 characters over');
    expect(panel.textContent).toContain('Add a picture of the team.');
    // The server's '#' is not doubled.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add #startup to the post' }));
    expect(insert).toHaveBeenCalledWith(' #startup ');
  });

  it('says the built-in analysis reads English only, with no tone, for other languages', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /api/ai/generatePostInsights': () => ({
          status: 200,
          json: { response: { ...insights, tone: 'Neutral', analysed: false, recommendations: [] } },
        }),
      }).fetch,
    );
    renderAi('<p>Hoy lanzamos</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Generate AI Insights' }));
    expect(await screen.findByText(/reads English only/)).toBeTruthy();
    expect(screen.queryByText('Neutral')).toBeNull();
  });

  it("shows the spec's fallback when the provider fails, and the wait when rate limited", async () => {
    let answer = { status: 424, json: { statusCode: 424, code: 'ai_failed', message: 'ai.failed.insights' } };
    vi.stubGlobal('fetch', fakeApi({ 'POST /api/ai/generatePostInsights': () => answer }).fetch);
    renderAi('<p>Hello</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Generate AI Insights' }));
    expect((await screen.findAllByText('Failed to fetch AI insights.')).length).toBeGreaterThan(0);
    answer = {
      status: 429,
      json: {
        statusCode: 429,
        code: 'rate_limited',
        message: 'errors.rateLimited',
        retryAfterSeconds: 42,
      } as never,
    };
    fireEvent.click(screen.getByRole('button', { name: 'Generate AI Insights' }));
    expect((await screen.findAllByText('Too many AI requests. Try again in 42 s.')).length).toBeGreaterThan(
      0,
    );
  });

  it("opens a saved post with the insights stored with it and when they were made; another post's stay with it", async () => {
    const api = fakeApi({
      [`GET /api/ai/posts/${ID}/insights`]: () => ({ status: 200, json: { response: insights } }),
      [`GET /api/ai/posts/${OTHER}/insights`]: () => ({ status: 200, json: { response: null } }),
      'POST /api/ai/generatePostInsights': () => ({
        status: 200,
        json: {
          response: { ...insights, tone: 'Negative', generatedAt: '2030-02-01T09:30:00.000Z' },
        },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAi('<p>We launch today!</p>', ID);
    const panel = await screen.findByRole('region', { name: 'AI Insights' });
    expect(panel.textContent).toContain('Positive');
    expect(panel.textContent).toContain('X: 37 characters over');
    expect(panel.textContent).toContain('Made Jan 5, 2030, 3:00 PM');
    expect(panel.querySelector('time')!.getAttribute('dateTime')).toBe('2030-01-05T15:00:00.000Z');
    // Nothing was generated to show them.
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    // A post without stored insights shows none, not the last post's.
    fireEvent.click(screen.getByRole('button', { name: 'Open the other post' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'AI Insights' })).toBeNull());
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(`GET /api/ai/posts/${OTHER}/insights`);

    // Back on the first post, new insights replace the stored ones, and stay when it is opened again.
    fireEvent.click(screen.getByRole('button', { name: 'Open the first post' }));
    await screen.findByText('Made Jan 5, 2030, 3:00 PM');
    fireEvent.click(screen.getByRole('button', { name: 'Generate AI Insights' }));
    expect(await screen.findByText('Made Feb 1, 2030, 9:30 AM')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'AI Insights' }).textContent).toContain('Negative');
    fireEvent.click(screen.getByRole('button', { name: 'Open the other post' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'AI Insights' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open the first post' }));
    expect(await screen.findByText('Made Feb 1, 2030, 9:30 AM')).toBeTruthy();

    // Hidden, they stay hidden until new ones are made.
    fireEvent.click(screen.getByRole('button', { name: 'Hide the AI insights' }));
    expect(screen.queryByRole('region', { name: 'AI Insights' })).toBeNull();
  });
});
