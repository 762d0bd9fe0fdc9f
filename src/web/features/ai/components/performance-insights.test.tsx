// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Performance } from '../../../../shared/api/ai.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { PerformanceInsights } from './performance-insights';

const performance = (enough: boolean): Performance => ({
  sampleSize: enough ? 24 : 2,
  suggestedHashtags: ['launch', 'saas'],
  optimalPostTime: {
    zone: 'Europe/Berlin',
    sampleSize: enough ? 24 : 2,
    enough,
    source: enough ? 'history' : 'default',
    slots: enough
      ? [{ platform: 'linkedin', weekday: 2, hour: 9, engagement: 41.5, posts: 7 }]
      : [
          { platform: 'linkedin', weekday: 3, hour: 9, engagement: null, posts: 0 },
          { platform: 'twitter', weekday: 1, hour: 12, engagement: null, posts: 0 },
        ],
  },
  sentiment: { sentiment: 'Positive', score: 0.42, analysed: true, notAnalysed: null },
  recommendations: [],
});

describe('PerformanceInsights on the Analytics page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fetches the range and lists hashtags, the best time with its sample, and the sentiment', async () => {
    const api = fakeApi({
      'POST /api/ai/analyzePostPerformance': () => ({ status: 200, json: { response: performance(true) } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<PerformanceInsights from="2030-01-01" to="2030-01-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fetch AI Insights' }));
    expect(await screen.findByText('AI Insights fetched successfully!')).toBeTruthy();
    expect(api.calls[0]!.body).toEqual({ postData: { from: '2030-01-01', to: '2030-01-31' } });
    const list = screen.getByRole('list', { name: 'AI Insights' });
    for (const text of ['Suggested Hashtags', 'Optimal Post Time', 'Sentiment Analysis', '#launch', '#saas'])
      expect(list.textContent).toContain(text);
    expect(list.textContent).toContain('LinkedIn: Tuesday 9:00 AM');
    expect(list.textContent).toContain('Published posts analysed: 24 (times in Europe/Berlin)');
    expect(list.textContent).toContain('(posts: 7)');
    expect(list.textContent).toContain('Positive');
    expect(list.textContent).toContain('Score +0.42');
    expect(list.textContent).not.toContain('Too little history');
  });

  it('says when the history is too short and that the times are the defaults per network', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /api/ai/analyzePostPerformance': () => ({
          status: 200,
          json: { response: performance(false) },
        }),
      }).fetch,
    );
    renderWithProviders(<PerformanceInsights from="2030-01-01" to="2030-01-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fetch AI Insights' }));
    expect(await screen.findByText(/Too little history \(2 published posts/)).toBeTruthy();
    expect(screen.getByText(/default times for each network/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'AI Insights' });
    expect(list.textContent).toContain('LinkedIn: Wednesday 9:00 AM');
    expect(list.textContent).toContain('X: Monday 12:00 PM');
    expect(list.textContent).not.toContain('posts: 0');
  });

  it('tells "nothing to analyse yet" apart from "not English"', async () => {
    const unjudged = (notAnalysed: 'noPosts' | 'notEnglish'): Performance => ({
      ...performance(false),
      sampleSize: notAnalysed === 'noPosts' ? 0 : 2,
      suggestedHashtags: [],
      sentiment: { sentiment: 'Neutral', score: 0, analysed: false, notAnalysed },
    });
    let answer = unjudged('noPosts');
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /api/ai/analyzePostPerformance': () => ({ status: 200, json: { response: answer } }),
      }).fetch,
    );
    renderWithProviders(<PerformanceInsights from="2030-01-01" to="2030-01-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fetch AI Insights' }));
    expect(
      await screen.findByText(
        'No post published in these dates has figures yet, so there is no text to analyse.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/reads English only/)).toBeNull();
    expect(screen.getByRole('list', { name: 'AI Insights' }).textContent).not.toContain('Neutral');

    answer = unjudged('notEnglish');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch AI Insights' }));
    expect(await screen.findByText(/reads English only/)).toBeTruthy();
    expect(screen.queryByText(/no text to analyse/)).toBeNull();
  });

  it('shows the error in red and hides the list while it is there', async () => {
    let fail = false;
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /api/ai/analyzePostPerformance': () =>
          fail
            ? { status: 424, json: { statusCode: 424, code: 'ai_failed', message: 'ai.failed.performance' } }
            : { status: 200, json: { response: performance(true) } },
      }).fetch,
    );
    renderWithProviders(<PerformanceInsights from="2030-01-01" to="2030-01-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fetch AI Insights' }));
    await screen.findByRole('list', { name: 'AI Insights' });
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Fetch AI Insights' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'AI Insights' })).toBeNull());
    const inline = screen.getAllByRole('alert').find((e) => e.tagName === 'P')!;
    expect(inline.textContent).toBe('Failed to analyze performance.');
    expect(inline.style.color).toContain('red');
  });
});
