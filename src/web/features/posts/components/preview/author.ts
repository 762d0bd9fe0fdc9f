import type { Account, Profile } from '../../../../../shared/api/users.schemas';
import type { Platform } from '../../../../../shared/platforms/rules';

export interface Author {
  name: string;
  /** "@handle" where the network shows one beside the name. */
  handle: string | null;
  connected: boolean;
}

/**
 * Who the post appears from. A connection stores one name per network: the handle on X, Bluesky,
 * Instagram and TikTok, the page's or person's name on Facebook and LinkedIn. Where the network shows a
 * display name beside a handle, that is the user's own name; without a connection, the user's name alone.
 * `account`: the one it goes to where the network has several; else the network's first.
 */
export function authorFor(
  platform: Platform,
  profile: Profile | null | undefined,
  account?: Pick<Account, 'username'> | null,
): Author {
  const username = (account ? account.username || null : profile?.connections[platform]?.username) ?? null;
  const own = profile?.displayName ?? '';
  const connected = Boolean(account ?? profile?.connections[platform]);
  switch (platform) {
    case 'twitter':
    case 'bluesky':
    case 'tiktok':
      return { name: own, handle: username ? `@${username}` : null, connected };
    case 'instagram':
    case 'facebook':
    case 'linkedin':
      return { name: username ?? own, handle: null, connected };
  }
}
