import type { PostVersionInput } from '../../../shared/api/posts.schemas';
import type { Platform } from '../../../shared/platforms/rules';

/**
 * A network's own version of a post being written (issue 26): its text and, when `media` is set, which
 * of the post's files it gets (ids, kept in the post's order); null: all of them.
 */
export interface DraftVersion {
  platform: Platform;
  content: string;
  media: string[] | null;
}

/** What `platform` receives of a post: its own version where it has one, else the post's text and files. */
export function receivedBy<M extends { id: string }>(
  platform: Platform,
  content: string,
  media: readonly M[],
  versions: readonly DraftVersion[],
): { content: string; media: M[]; own: boolean } {
  const version = versions.find((v) => v.platform === platform);
  if (!version) return { content, media: [...media], own: false };
  const files = version.media && new Set(version.media);
  return {
    content: version.content,
    media: files ? media.filter((m) => files.has(m.id)) : [...media],
    own: true,
  };
}

/** `platform`'s version with `change` made, started from the post's text and files when it had none. */
export function withVersion(
  versions: readonly DraftVersion[],
  platform: Platform,
  base: string,
  change: Partial<Omit<DraftVersion, 'platform'>>,
): DraftVersion[] {
  const current = versions.find((v) => v.platform === platform) ?? { platform, content: base, media: null };
  return [...versions.filter((v) => v.platform !== platform), { ...current, ...change }];
}

/**
 * The versions a save sends: those of the networks still chosen, each naming only files still in the
 * post. A version whose files are all the post's again sends none (all of them, also ones added later).
 */
export function versionsToSend(
  versions: readonly DraftVersion[],
  platforms: readonly Platform[],
  media: readonly { id: string }[],
): PostVersionInput[] {
  const present = new Set(media.map((m) => m.id));
  return versions
    .filter((v) => platforms.includes(v.platform))
    .map((v) => {
      const files = v.media?.filter((id) => present.has(id));
      const all = !files || files.length === present.size;
      return { platform: v.platform, content: v.content, ...(all ? {} : { media: files }) };
    });
}
