// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Account, Profile } from '../../../shared/api/users.schemas';
import type { Platform } from '../../../shared/platforms/rules';
import { accountsToSend, twitterTypeFor } from '../../lib/accounts';
import { profileQueryKey } from '../../lib/session';
import { renderWithProviders, testQueryClient } from '../../testing/render';
import { profileIn } from '../../testing/recurring';
import { AccountChooser } from './account-chooser';

const account = (
  id: string,
  platform: Platform,
  username: string,
  extra: Partial<Account> = {},
): Account => ({
  id,
  platform,
  username,
  status: 'connected',
  connectedAt: '2030-01-01T00:00:00.000Z',
  ...extra,
});
const BRAND = account('a1', 'twitter', 'brand', { twitterAccountType: 'professional' });
const SHOP = account('a2', 'twitter', 'shop', { twitterAccountType: 'standard' });
const SKY = account('a3', 'bluesky', 'brand.bsky.social');
const accounts = [BRAND, SHOP, SKY];

function Harness({ platforms, onValue }: { platforms: Platform[]; onValue: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <AccountChooser
      platforms={platforms}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function show(platforms: Platform[]) {
  const client = testQueryClient();
  client.setQueryData<Profile>(profileQueryKey, { ...profileIn('UTC'), accounts });
  const values: string[][] = [];
  renderWithProviders(<Harness platforms={platforms} onValue={(v) => values.push(v)} />, { client });
  return values;
}

describe('AccountChooser', () => {
  afterEach(cleanup);

  it('asks only for networks with several accounts, the first chosen until another is', () => {
    const values = show(['twitter', 'bluesky']);
    const group = screen.getByRole('group', { name: 'X accounts' });
    expect(screen.queryByRole('group', { name: 'Bluesky accounts' })).toBeNull();
    const brand = within(group).getByRole<HTMLInputElement>('checkbox', { name: 'brand' });
    const shop = within(group).getByRole<HTMLInputElement>('checkbox', { name: 'shop' });
    expect([brand.checked, shop.checked]).toEqual([true, false]);
    // The last account chosen stays chosen.
    fireEvent.click(brand);
    expect(values).toEqual([]);
    fireEvent.click(shop);
    expect(values.at(-1)).toEqual(['a1', 'a2']);
    fireEvent.click(brand);
    expect(values.at(-1)).toEqual(['a2']);
  });

  it('shows nothing when no chosen network has several accounts', () => {
    show(['bluesky']);
    expect(screen.queryByRole('group')).toBeNull();
  });
});

describe('accounts to send', () => {
  it("leaves out the accounts of networks no longer selected, and keeps X's strictest limit", () => {
    expect(accountsToSend(['bluesky'], ['a1', 'a3'], accounts)).toEqual(['a3']);
    expect(twitterTypeFor([], accounts, 'standard')).toBe('professional');
    expect(twitterTypeFor(['a1', 'a2'], accounts, 'professional')).toBe('standard');
    expect(twitterTypeFor([], [SKY], 'professional')).toBe('professional');
  });
});
