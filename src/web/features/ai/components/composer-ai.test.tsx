// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../../../shared/api/ai.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
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

function renderAi(content: string, postId?: string) {
  const insert = vi.fn();
  renderWithProviders(
    <ComposerAi
      content={content}
      platforms={['twitter']}
      postId={postId}
      insert={insert}
      replace={() => {}}
    />,
  );
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
    expect(api.calls[0]!.body).toEqual({
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
});
