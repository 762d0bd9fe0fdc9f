// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../shared/api/users.schemas';
import { profileQueryKey } from '../../../lib/session';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../testing/render';
import { ManagePlatformsDialog } from './manage-platforms-dialog';

const X_ID = '7d3e1f2a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const LINKEDIN_ID = '8e4f2a3b-5c6d-4e7f-9a01-b2c3d4e5f6a7';
const SHOP_ID = '9f5a3b4c-6d7e-4f80-8b12-c3d4e5f6a7b8';

const profile: Profile = {
  uid: 'u1',
  email: 'grace@example.com',
  displayName: 'Grace',
  role: 'user',
  trialEndsAt: null,
  timeZone: null,
  connections: {
    twitter: { username: 'gracehopper', status: 'connected' },
    linkedin: { username: null, status: 'needs_reconnect' },
  },
  accounts: [
    {
      id: X_ID,
      platform: 'twitter',
      username: 'gracehopper',
      status: 'connected',
      twitterAccountType: 'standard',
      connectedAt: '2030-01-01T00:00:00.000Z',
    },
    {
      id: LINKEDIN_ID,
      platform: 'linkedin',
      username: '',
      status: 'needs_reconnect',
      connectedAt: '2030-01-01T00:00:00.000Z',
    },
  ],
  configured: {
    twitter: true,
    bluesky: true,
    facebook: false,
    instagram: true,
    linkedin: true,
    tiktok: false,
  },
  settings: { twitterAccountType: 'standard' },
};

function open(routes: Parameters<typeof fakeApi>[0] = {}, shown: Profile = profile) {
  const api = fakeApi({ 'GET /api/users/profile': () => ({ status: 200, json: shown }), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  client.setQueryData(profileQueryKey, shown);
  renderWithProviders(<ManagePlatformsDialog onClose={() => {}} />, { client });
  const card = (name: string) => screen.getByRole('region', { name });
  return { api, card };
}

describe('Manage Platforms', () => {
  beforeEach(() => vi.stubGlobal('location', { ...window.location, assign: vi.fn() }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows one card per network with what each can do', () => {
    const { card } = open();
    expect(screen.getAllByRole('region')).toHaveLength(6);
    expect(card('X').textContent).toContain('Connected as: gracehopper');
    expect(within(card('X')).getByRole('combobox', { name: 'Account Type' })).toBeTruthy();
    expect(card('LinkedIn').textContent).toContain('Connected as: Unknown');
    expect(card('LinkedIn').textContent).toContain('Needs reconnecting');
    expect(within(card('LinkedIn')).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    // A network without an app on this server: a user is told whom to ask.
    expect(card('Facebook').textContent).toContain(
      'Not configured on this server: ask your administrator to set it up.',
    );
    expect(within(card('Facebook')).queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(within(card('Instagram')).getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(within(card('Bluesky')).getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('tells an administrator what to set for a network without an app, and the redirect address', () => {
    const { card } = open({}, { ...profile, role: 'super_admin' });
    const text = card('TikTok').textContent;
    expect(text).toContain('set TIKTOK_CLIENT_ID and TIKTOK_CLIENT_SECRET');
    expect(text).toContain(
      `register ${window.location.origin}/api/social/tiktok/callback as the redirect URI`,
    );
  });

  it('sends the browser to the consent page, and only to a web address', async () => {
    const { card } = open({
      'GET /api/social/instagram/connect': () => ({
        status: 200,
        json: { url: 'https://consent.example/x' },
      }),
      'GET /api/social/linkedin/connect': () => ({ status: 200, json: { url: 'javascript:alert(1)' } }),
    });
    fireEvent.click(within(card('Instagram')).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('https://consent.example/x'));
    fireEvent.click(within(card('LinkedIn')).getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('Invalid connection URL received for LinkedIn.')).toBeTruthy();
    expect(window.location.assign).toHaveBeenCalledTimes(1);
  });

  it("says why a connection could not start, in the server's words when it has none of its own", async () => {
    const { card } = open({
      'GET /api/social/instagram/connect': () => ({
        status: 502,
        json: { statusCode: 502, code: 'CONSENT_DOWN', message: 'The consent service is down.' },
      }),
    });
    fireEvent.click(within(card('Instagram')).getByRole('button', { name: 'Connect' }));
    expect(
      await screen.findByText(
        'Failed to start connection process for Instagram. Please try again. The consent service is down.',
      ),
    ).toBeTruthy();
  });

  it('disconnects, and says so or why not', async () => {
    const { card, api } = open({
      [`DELETE /api/social/accounts/${X_ID}`]: () => ({ status: 204 }),
      [`DELETE /api/social/accounts/${LINKEDIN_ID}`]: () => ({
        status: 404,
        json: { statusCode: 404, code: 'NOT_CONNECTED', message: 'No LinkedIn account is connected.' },
      }),
    });
    fireEvent.click(within(card('X')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('X disconnected.')).toBeTruthy();
    fireEvent.click(within(card('LinkedIn')).getByRole('button', { name: 'Disconnect' }));
    expect(
      await screen.findByText('Failed to disconnect LinkedIn: This account is not connected.'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/social/accounts/${X_ID}`,
      `/api/social/accounts/${LINKEDIN_ID}`,
    ]);
  });

  it("changes X's account type, and says when the server refuses", async () => {
    const { card, api } = open({
      [`PUT /api/social/accounts/${X_ID}/settings`]: () => ({
        status: 400,
        json: { statusCode: 400, code: 'BAD', message: 'Not now.' },
      }),
    });
    const select = within(card('X')).getByRole<HTMLInputElement>('combobox', { name: 'Account Type' });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Professional Account' }));
    expect(await screen.findByText('Failed to update setting: Not now.')).toBeTruthy();
    // The selector goes back to what the server still holds.
    await waitFor(() => expect(select.value).toBe('Standard Account'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ accountType: 'professional' });
  });

  it('lists each account of a network with its own actions, and offers another', async () => {
    const twoX: Profile = {
      ...profile,
      accounts: [
        ...profile.accounts,
        {
          id: SHOP_ID,
          platform: 'twitter',
          username: 'graceshop',
          status: 'needs_reconnect',
          twitterAccountType: 'professional',
          connectedAt: '2030-01-02T00:00:00.000Z',
        },
      ],
    };
    const { card, api } = open(
      {
        [`DELETE /api/social/accounts/${SHOP_ID}`]: () => ({ status: 204 }),
        'GET /api/social/twitter/connect': () => ({
          status: 200,
          json: { url: 'https://consent.example/x' },
        }),
      },
      twoX,
    );
    const x = card('X');
    const shop = within(x).getByRole('group', { name: 'graceshop' });
    const grace = within(x).getByRole('group', { name: 'gracehopper' });
    expect(shop.textContent).toContain('Needs reconnecting');
    expect(grace.textContent).not.toContain('Needs reconnecting');
    expect(within(shop).getByRole<HTMLInputElement>('combobox', { name: 'Account Type' }).value).toBe(
      'Professional Account',
    );
    expect(within(grace).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    fireEvent.click(within(shop).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('graceshop (X) disconnected.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/social/accounts/${SHOP_ID}`,
    ]);
    fireEvent.click(within(x).getByRole('button', { name: 'Connect another account' }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('https://consent.example/x'));
  });
});
