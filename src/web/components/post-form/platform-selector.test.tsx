// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/api/users.schemas';
import type { Platform } from '../../../shared/platforms/rules';
import { profileQueryKey } from '../../lib/session';
import { renderWithProviders, testQueryClient } from '../../testing/render';
import { profileIn } from '../../testing/recurring';
import { PlatformSelector } from './platform-selector';

function show(value: Platform[]) {
  const client = testQueryClient();
  client.setQueryData<Profile>(profileQueryKey, {
    ...profileIn('UTC'),
    configured: {
      twitter: true,
      bluesky: true,
      facebook: false,
      instagram: true,
      linkedin: true,
      tiktok: false,
    },
  });
  const changes: Platform[][] = [];
  renderWithProviders(<PlatformSelector value={value} onChange={(next) => changes.push(next)} />, { client });
  return changes;
}

describe('PlatformSelector', () => {
  afterEach(cleanup);

  it('offers no network this server has no app for, and says which those are', () => {
    const changes = show([]);
    const chip = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
    expect(chip('Facebook').disabled).toBe(true);
    expect(chip('TikTok').disabled).toBe(true);
    expect(chip('X').disabled).toBe(false);
    expect(
      screen.getByText('Not configured on this server, so they cannot be chosen: Facebook and TikTok.'),
    ).toBeTruthy();
    fireEvent.click(chip('X'));
    expect(changes).toEqual([['twitter']]);
  });

  it('lets a network chosen before be taken off', () => {
    const changes = show(['facebook', 'twitter']);
    const facebook = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Facebook' });
    expect(facebook.disabled).toBe(false);
    fireEvent.click(facebook);
    expect(changes).toEqual([['twitter']]);
  });
});
