// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { VariablesDialog } from './variables-dialog';

describe('Manage Variables', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a name the server would refuse, and sends one it accepts', async () => {
    const api = fakeApi({
      'GET /api/variables': () => ({ status: 200, json: { data: {} } }),
      'PUT /api/variables/brand-name': () => ({ status: 200, json: { data: { 'brand-name': 'Postwell' } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<VariablesDialog onClose={() => {}} />);
    const name = await screen.findByLabelText('Variable Name');
    fireEvent.change(screen.getByLabelText('Variable Value'), { target: { value: 'Postwell' } });

    for (const bad of ['__proto__', 'my brand', '{{brand}}']) {
      fireEvent.change(name, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Add Variable' }));
      expect(screen.getByText(/A variable name starts with a letter/)).toBeTruthy();
    }
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(name, { target: { value: 'brand-name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Variable' }));
    expect(await screen.findByText('brand-name')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/variables/brand-name', body: { value: 'Postwell' } },
    ]);
  });
});
