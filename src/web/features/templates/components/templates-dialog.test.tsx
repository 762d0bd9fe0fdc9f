// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../../../shared/api/templates.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { TemplatesDialog } from './templates-dialog';

const template = (i: number, category: Template['category'] = 'Promotions'): Template => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Template ${i}`,
  description: '',
  category,
  industry: null,
  platforms: ['bluesky'],
  content: `<p>Offer ${i}</p>`,
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => template(from + k));

describe('Make Templates', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a page of the tab’s templates and loads the rest with "Show more"', async () => {
    const api = fakeApi({
      'GET /api/templates?category=Promotions&limit=50&offset=0': () => ({
        status: 200,
        json: { data: range(0, 50), total: 53 },
      }),
      'GET /api/templates?category=Promotions&limit=50&offset=50': () => ({
        status: 200,
        json: { data: range(50, 53), total: 53 },
      }),
      'GET /api/templates?category=Events&limit=50&offset=0': () => ({
        status: 200,
        json: { data: [template(99, 'Events')], total: 1 },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<TemplatesDialog onUse={() => {}} onClose={() => {}} />);

    expect(await screen.findByRole('article', { name: 'Template 49' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getByText('50 of 53 shown')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Template 52' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(53);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Events' }));
    expect(await screen.findByRole('article', { name: 'Template 99' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.calls.map((c) => c.path)).toEqual([
      '/api/templates?category=Promotions&limit=50&offset=0',
      '/api/templates?category=Promotions&limit=50&offset=50',
      '/api/templates?category=Events&limit=50&offset=0',
    ]);
  });
});
