import type { TFunction } from 'i18next';
import type { PostTarget } from '../../shared/api/posts.schemas';
import type { Account } from '../../shared/api/users.schemas';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import type { Platform, TwitterAccountType } from '../../shared/platforms/rules';

/** The network's name, with the account's where it is known: "X (brand)". */
export function targetName(
  t: TFunction,
  target: { platform: Platform; account?: string | { username: string } | null },
): string {
  const platform = PLATFORM_NAMES[target.platform];
  const account = typeof target.account === 'string' ? target.account : target.account?.username;
  return account ? t('targets.onAccount', { platform, account }) : platform;
}

/**
 * The accounts a network of a post goes to (issue 25): the ones chosen of it, or its first connected
 * when none is (as the server decides); none when the network has no account.
 */
export function accountsFor(
  platform: Platform,
  chosen: readonly string[],
  all: readonly Account[],
): Account[] {
  const mine = all.filter((a) => a.platform === platform);
  const picked = mine.filter((a) => chosen.includes(a.id));
  return picked.length ? picked : mine.slice(0, 1);
}

/** The chosen accounts the server is to receive: those of the selected networks only. */
export const accountsToSend = (
  platforms: readonly Platform[],
  chosen: readonly string[],
  all: readonly Account[],
) => chosen.filter((id) => all.some((a) => a.id === id && platforms.includes(a.platform)));

/** The X limit a post must keep: standard as soon as one X account it goes to is standard. */
export function twitterTypeFor(
  chosen: readonly string[],
  all: readonly Account[],
  fallback: TwitterAccountType,
): TwitterAccountType {
  const accounts = accountsFor('twitter', chosen, all);
  if (!accounts.length) return fallback;
  return accounts.every((a) => a.twitterAccountType === 'professional') ? 'professional' : 'standard';
}

/** A selected network the post cannot go out to as things stand, and why. */
export interface Unready {
  platform: Platform;
  reason: NonNullable<PostTarget['blocked']>;
}

/**
 * The selected networks with no account, or with an account it goes to that needs reconnecting: the same
 * reasons the server gives a waiting target (`blocked`), asked before sending instead of shown after.
 */
export function unreadyNetworks(
  platforms: Platform[],
  accounts: readonly Account[],
  chosen: readonly string[] = [],
): Unready[] {
  return platforms.flatMap((platform): Unready[] => {
    const going = accountsFor(platform, chosen, accounts);
    if (!going.length) return [{ platform, reason: 'not_connected' }];
    return going.some((a) => a.status === 'needs_reconnect') ? [{ platform, reason: 'needs_reconnect' }] : [];
  });
}
