// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../testing/render';
import { ConnectReturn } from './connect-return';

function Address() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

describe('back from a network’s consent page', () => {
  afterEach(cleanup);

  it.each([
    ['ok', 'X connected.'],
    ['denied', 'X was not connected: permission was not granted.'],
    ['failed', 'X could not be connected. Please try again.'],
    ['invalid_state', 'The X connection could not be confirmed'],
  ])('%s: says so and takes the parameters off the address', async (outcome, message) => {
    renderWithProviders(
      <>
        <ConnectReturn />
        <Address />
      </>,
      { path: `/posts?view=week&platform=twitter&connect=${outcome}` },
    );
    expect(await screen.findByText(message, { exact: false })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('/posts?view=week'));
  });

  it('ignores an address without a known network', async () => {
    renderWithProviders(
      <>
        <ConnectReturn />
        <Address />
      </>,
      { path: '/posts?platform=myspace&connect=ok' },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toBe('/posts?platform=myspace&connect=ok');
    expect(screen.queryByText(/connected/)).toBeNull();
  });
});
