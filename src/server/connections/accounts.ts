import type { Platform } from '../../shared/platforms/rules';
import type { ConnectionRow } from './connections.repo';

/**
 * Where a target goes (issue 25): the network, and the network's id of the account chosen, or null for
 * the network's first connected account (every post written before a workspace could have several).
 */
export interface TargetChoice {
  platform: Platform;
  accountId: string | null;
}

/** What a post needs to know of a connected account. */
export type KnownAccount = Pick<ConnectionRow, 'id' | 'platform' | 'accountId' | 'username' | 'status'>;

/** The account a target goes to as things stand, from the workspace's accounts in the order they came. */
export const accountOf = (
  accounts: readonly KnownAccount[],
  target: { platform: string; accountId: string | null },
) =>
  accounts.find(
    (a) => a.platform === target.platform && (target.accountId === null || a.accountId === target.accountId),
  );

/**
 * Why a target still to go out (pending or retrying) cannot, as things stand: no account of its own to
 * go to, or one the network stopped accepting. The calendar, a post and the dashboard say the same.
 */
export function blockerOf(
  accounts: readonly KnownAccount[],
  target: { platform: string; accountId: string | null; status: string },
): 'not_connected' | 'needs_reconnect' | null {
  if (target.status !== 'pending' && target.status !== 'retrying') return null;
  const account = accountOf(accounts, target);
  if (!account) return 'not_connected';
  return account.status === 'needs_reconnect' ? 'needs_reconnect' : null;
}

/** What an approval binds a target to: its network, and its account once one was chosen. */
export const targetKey = (target: { platform: string; accountId: string | null }) =>
  target.accountId === null ? target.platform : `${target.platform}:${target.accountId}`;

/**
 * The targets of a post's networks and chosen accounts (ids of the workspace's connections): one per
 * chosen account, and one for the network's first account where none of it is chosen. A chosen account's
 * network is added to the networks. `held`: an edited post's targets; one chosen for an account that is
 * not connected now (a client has no id to name it by) stays where no account of its network is chosen,
 * so an edit never moves a post to another account of the brand. `unknown` names an id that is not one of
 * the workspace's accounts.
 */
export function chooseTargets(
  accounts: readonly KnownAccount[],
  platforms: readonly Platform[],
  chosen: readonly string[],
  held: readonly { platform: string; accountId: string | null }[] = [],
): { targets: TargetChoice[]; platforms: Platform[] } | { unknown: string } {
  const picked: KnownAccount[] = [];
  for (const id of chosen) {
    const account = accounts.find((a) => a.id === id);
    if (!account) return { unknown: id };
    picked.push(account);
  }
  const all = [...platforms];
  for (const account of picked)
    if (!all.includes(account.platform as Platform)) all.push(account.platform as Platform);
  const gone = held.filter((t) => t.accountId !== null && !accountOf(accounts, t));
  const targets = all.flatMap((platform): TargetChoice[] => {
    const mine = picked.filter((a) => a.platform === platform);
    if (mine.length) return mine.map((a) => ({ platform, accountId: a.accountId }));
    const waiting = gone.filter((t) => t.platform === platform);
    return waiting.length
      ? waiting.map((t) => ({ platform, accountId: t.accountId }))
      : [{ platform, accountId: null }];
  });
  return { targets, platforms: all };
}

/** The connection ids of the accounts chosen for the targets, where they are connected. */
export const chosenAccountIds = (
  accounts: readonly KnownAccount[],
  targets: readonly { platform: string; accountId: string | null }[],
) =>
  targets.flatMap((t) => {
    if (t.accountId === null) return [];
    const account = accountOf(accounts, t);
    return account ? [account.id] : [];
  });
