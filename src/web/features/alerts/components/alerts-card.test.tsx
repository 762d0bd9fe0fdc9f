// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertPreferences } from '../../../../shared/api/alerts.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { AlertsCard } from './alerts-card';

const preferences = (digestHours: number, admin = true): AlertPreferences => ({
  targetFailed: true,
  needsReconnect: true,
  approvals: true,
  mentions: true,
  workerMissing: true,
  digest: true,
  admin,
  digestHours,
});

// jsdom's accessible name of a Mantine switch runs on into its description: match its start.
const named = (label: string) => ({ name: (name: string) => name.startsWith(label) });

const show = (prefs: AlertPreferences) => {
  vi.stubGlobal(
    'fetch',
    fakeApi({ 'GET /api/alerts/preferences': () => ({ status: 200, json: prefs }) }).fetch,
  );
  renderWithProviders(<AlertsCard />);
};

describe('the alert mails on the Profile page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [24, 'Daily digest (administrators)'],
    [168, 'Digest every 7 days (administrators)'],
    [6, 'Digest every 6 hours (administrators)'],
    [1, 'Hourly digest (administrators)'],
    [36, 'Digest every 36 hours (administrators)'],
  ])('names the digest by how often this server sends it (%i hours)', async (hours, label) => {
    show(preferences(hours));
    const digest = await screen.findByRole('switch', named(label));
    expect((digest as HTMLInputElement).disabled).toBe(false);
    expect((digest as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/A summary of failed posts/)).toBeTruthy();
  });

  it('says that a server with ALERTS_DIGEST_HOURS=0 sends no digest: its switch is off and off limits', async () => {
    show(preferences(0));
    const digest = await screen.findByRole('switch', named('Digest (administrators)'));
    // Off, whatever the administrator chose: nothing is sent.
    expect((digest as HTMLInputElement).disabled).toBe(true);
    expect((digest as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Not sent by this server: its ALERTS_DIGEST_HOURS setting is 0.')).toBeTruthy();
    expect(screen.queryByText(/A summary of failed posts/)).toBeNull();
  });

  it('shows a user without administration only their own four kinds', async () => {
    show(preferences(24, false));
    await screen.findByRole('switch', named('A post could not be published'));
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    expect(screen.getByRole('switch', named('Approvals'))).toBeTruthy();
    expect(screen.getByRole('switch', named('Mentions'))).toBeTruthy();
    expect(screen.queryByText(/digest/i)).toBeNull();
  });
});
