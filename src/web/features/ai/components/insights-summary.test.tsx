// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Insights } from '../../../../shared/api/ai.schemas';
import { profileQueryKey } from '../../../lib/session';
import { renderWithProviders, testQueryClient } from '../../../testing/render';
import { InsightsSummary } from './insights-summary';

const insights: Insights = {
  tone: 'Negative',
  score: -0.4,
  recommendations: [
    { code: 'tooManyHashtags', platform: 'linkedin', values: { count: 9, min: 1, max: 3 } },
    { code: 'model', text: 'Say sorry first.' },
    // A rule this web does not know and no words of its own: left out, never shown as a code.
    { code: 'someFutureRule' },
  ],
  hashtags: ['#delays'],
  analysed: true,
  source: 'model',
  generatedAt: '2030-01-05T15:00:00.000Z',
};

describe("a recurring post's stored insights", () => {
  afterEach(cleanup);

  it('shows the tone, when they were made, and the recommendations as the composer words them', () => {
    const client = testQueryClient();
    client.setQueryData(profileQueryKey, { timeZone: 'UTC' } as never);
    const { container } = renderWithProviders(<InsightsSummary insights={insights} />, { client });
    expect(screen.getByText('Negative').closest('[data-tone]')!.getAttribute('data-tone')).toBe('Negative');
    expect(screen.getByText('Made Jan 5, 2030, 3:00 PM')).toBeTruthy();
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['9 hashtags; 1–3 do best on LinkedIn', 'Say sorry first.']);
    expect(container.textContent).not.toContain('someFutureRule');
  });

  it('says when there are none yet', () => {
    renderWithProviders(<InsightsSummary insights={null} />);
    expect(screen.getByText(/No insights yet/)).toBeTruthy();
  });
});
