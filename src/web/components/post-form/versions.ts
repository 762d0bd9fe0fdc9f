import type { PostVersionInput } from '../../../shared/api/posts.schemas';
import type { Platform } from '../../../shared/platforms/rules';

/**
 * A network's own version of a post being written (issue 26), or one account's there (`account`: its
 * connection id; null: the network's): its text and, when `media` is set, which of the post's files it
 * gets (ids, kept in the post's order); null: all of them.
 */
export interface DraftVersion {
  platform: Platform;
  account: string | null;
  content: string;
  media: string[] | null;
}

/** Whose text is written: a network's (`account` null) or one of its accounts'. */
export interface VersionKey {
  platform: Platform;
  account: string | null;
}

/** A version as a post or a review link carries it (`account` left out: the network's). */
type VersionLike = Omit<DraftVersion, 'account'> & { account?: string | null };

export const isVersionOf = (v: VersionLike, key: VersionKey) =>
  v.platform === key.platform && (v.account ?? null) === key.account;

/** The version `key` has of its own, if any (an account's, not its network's). */
export const ownVersion = <V extends VersionLike>(versions: readonly V[], key: VersionKey) =>
  versions.find((v) => isVersionOf(v, key));

/**
 * What a network (or one account there) receives of a post: the account's version, else the network's,
 * else the post's text and files.
 */
export function receivedBy<M extends { id: string }>(
  platform: Platform,
  content: string,
  media: readonly M[],
  versions: readonly VersionLike[],
  account: string | null = null,
): { content: string; media: M[]; own: boolean } {
  const version =
    (account !== null ? ownVersion(versions, { platform, account }) : undefined) ??
    ownVersion(versions, { platform, account: null });
  if (!version) return { content, media: [...media], own: false };
  const files = version.media && new Set(version.media);
  return {
    content: version.content,
    media: files ? media.filter((m) => files.has(m.id)) : [...media],
    own: true,
  };
}

/**
 * `key`'s version with `change` made, started from what it receives now (an account's from its network's
 * version, a network's from the post's text and files) when it had none.
 */
export function withVersion(
  versions: readonly DraftVersion[],
  key: VersionKey,
  base: string,
  change: Partial<Omit<DraftVersion, 'platform' | 'account'>>,
): DraftVersion[] {
  const network = key.account !== null ? ownVersion(versions, { ...key, account: null }) : undefined;
  const current = ownVersion(versions, key) ?? {
    ...key,
    content: network?.content ?? base,
    media: network?.media ?? null,
  };
  return [...versions.filter((v) => !isVersionOf(v, key)), { ...current, ...change }];
}

/**
 * The versions a save sends: those of the networks and accounts still chosen (`accounts`: the chosen
 * connection ids), each naming only files still in the post. A version whose files are all the post's
 * again sends none (all of them, also ones added later).
 */
export function versionsToSend(
  versions: readonly DraftVersion[],
  platforms: readonly Platform[],
  media: readonly { id: string }[],
  accounts: readonly string[] = [],
): PostVersionInput[] {
  const present = new Set(media.map((m) => m.id));
  return versions
    .filter((v) => platforms.includes(v.platform) && (v.account === null || accounts.includes(v.account)))
    .map((v) => {
      const files = v.media?.filter((id) => present.has(id));
      const all = !files || files.length === present.size;
      return {
        platform: v.platform,
        ...(v.account !== null ? { account: v.account } : {}),
        content: v.content,
        ...(all ? {} : { media: files }),
      };
    });
}
