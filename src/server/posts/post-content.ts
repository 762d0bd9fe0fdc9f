import { MEDIA_LIMITS } from '../../shared/api/media.schemas';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type PostInput, type StoredVersion, VideoEditsSchema } from '../../shared/api/posts.schemas';
import { sanitizePostHtml } from './sanitize';
import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Platform } from '../../shared/platforms/rules';
import { validateForPlatform } from '../../shared/platforms/validate';
import { editedFacts } from '../../shared/video/layout';
import { AppError } from '../http/errors';
import type { MediaRow } from '../media/media.repo';
import type { MediaLink } from './posts.repo';
import { chooseTargets, type KnownAccount, type TargetChoice } from '../connections/accounts';

/**
 * What a post and a recurring post check alike before they are saved: their media (the user's own, within
 * the counts, trims inside the video) and, when they are to go out, every selected network's rules.
 */

export const invalid = (field: string, key: string, what: string) =>
  new AppError(400, 'VALIDATION_ERROR', `Invalid body: ${field} (${what})`, { fields: { [field]: key } });

export type FindMedia = (workspaceId: WorkspaceId, ids: string[]) => Promise<MediaRow[]>;

/** The targets of the networks and accounts chosen (accounts.ts); an account not of the workspace is a 400. */
export function targetsOf(
  accounts: readonly KnownAccount[],
  input: Pick<PostInput, 'platforms' | 'accounts'>,
  held: readonly { platform: string; accountId: string | null }[] = [],
): { targets: TargetChoice[]; platforms: Platform[] } {
  const chosen = chooseTargets(accounts, input.platforms, input.accounts, held);
  if ('unknown' in chosen)
    throw invalid('accounts', 'posts.accountUnknown', 'not a connected account of this workspace');
  return chosen;
}

/** The media in their order, checked, and the links to store with the post. */
export async function resolveMedia(
  findMedia: FindMedia,
  workspaceId: WorkspaceId,
  media: PostInput['media'],
) {
  const rows = await findMedia(
    workspaceId,
    media.map((m) => m.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (media.some((m) => !byId.has(m.id)))
    throw invalid('media', 'posts.mediaNotFound', 'a file that is not in this workspace or no longer exists');
  const ordered = media.map((m) => ({ row: byId.get(m.id)!, edits: m.edits, alt: m.alt }));
  for (const kind of ['image', 'video'] as const) {
    const max = MEDIA_LIMITS[kind].maxFiles;
    if (ordered.filter((m) => m.row.kind === kind).length > max) {
      throw new AppError(400, 'TOO_MANY_FILES', `Maximum ${max} files allowed`, {
        params: { n: max },
        fields: { media: 'posts.tooManyFiles' },
      });
    }
  }
  for (const { row, edits } of ordered) {
    if (
      row.kind === 'video' &&
      edits?.trim &&
      row.durationSeconds !== null &&
      edits.trim.end > row.durationSeconds + 0.05
    ) {
      throw invalid('media', 'posts.trimInvalid', `the trim of ${row.originalName} ends after the video`);
    }
  }
  const links: MediaLink[] = ordered.map(({ row, edits, alt }) => ({
    id: row.id,
    alt: row.kind === 'image' ? alt : '',
    edits: row.kind === 'video' ? (edits ?? VideoEditsSchema.parse({})) : null,
  }));
  // What the networks will receive: an edited video's limits apply to its trimmed length and new frame.
  const facts = ordered.map(({ row, edits }) => ({
    ...editedFacts(row, row.kind === 'video' ? edits : null),
    id: row.id,
    name: row.originalName,
  }));
  return { facts, links };
}
export type MediaFacts = Awaited<ReturnType<typeof resolveMedia>>['facts'];

/** Where a post goes: a network, and the network's id of the account (null: the network's first). */
export interface Receiver {
  platform: string;
  accountId: string | null;
}

/**
 * The versions asked for, cleaned: each for a network the post goes to, or for one of the accounts
 * chosen there (`accounts`: the workspace's, to find it by its id), its files among the post's (kept in
 * the post's order). A 400 names `versions` otherwise.
 */
export function resolveVersions(
  versions: PostInput['versions'],
  targets: readonly Receiver[],
  links: readonly MediaLink[],
  accounts: readonly Pick<KnownAccount, 'id' | 'platform' | 'accountId'>[] = [],
): StoredVersion[] {
  const attached = new Set(links.map((link) => link.id));
  return versions.map((version) => {
    const account = version.account && accounts.find((a) => a.id === version.account);
    const chosen = targets.some(
      (t) =>
        t.platform === version.platform &&
        (!version.account ||
          (account && account.platform === t.platform && account.accountId === t.accountId)),
    );
    if (!chosen)
      throw invalid('versions', 'posts.versionNotChosen', `a version for ${version.platform}, not chosen`);
    const files = version.media && new Set(version.media);
    if (files && [...files].some((id) => !attached.has(id)))
      throw invalid('versions', 'posts.versionMediaUnknown', 'a file that is not one of the post');
    return {
      platform: version.platform,
      // Only when set: a network's version is stored (and hashed for approval) as it was before accounts.
      ...(account ? { account: account.accountId } : {}),
      contentHtml: sanitizePostHtml(version.content),
      media: files ? links.filter((link) => files.has(link.id)).map((link) => link.id) : null,
    };
  });
}

/** Stored versions as a post or a rule answers them: an account by its connection id (null: gone). */
export const versionsOut = (
  versions: readonly StoredVersion[],
  accounts: readonly Pick<KnownAccount, 'id' | 'platform' | 'accountId'>[],
) =>
  versions.map((v) => ({
    platform: v.platform as Platform,
    account:
      v.account === undefined
        ? null
        : (accounts.find((a) => a.platform === v.platform && a.accountId === v.account)?.id ?? null),
    content: v.contentHtml,
    media: v.media,
  }));

/** The version a target receives: its account's own, else its network's, else none. */
export const versionFor = (versions: readonly StoredVersion[], platform: string, accountId: string | null) =>
  (accountId !== null
    ? versions.find((v) => v.platform === platform && v.account === accountId)
    : undefined) ?? versions.find((v) => v.platform === platform && v.account === undefined);

/**
 * What a network (or one account there) receives of a post: its own version where it has one, else the
 * post's text and files.
 */
export function draftFor(
  platform: string,
  contentHtml: string,
  media: MediaFacts,
  versions: readonly StoredVersion[],
  accountId: string | null = null,
) {
  const version = versionFor(versions, platform, accountId);
  if (!version) return { text: htmlToText(contentHtml), media };
  const files = version.media && new Set(version.media);
  return {
    text: htmlToText(version.contentHtml),
    media: files ? media.filter((m) => files.has(m.id)) : media,
  };
}

/**
 * Content and networks present (`incomplete` is the error when not), and what each selected network (each
 * of `targets`, when given: an account may have a version of its own) receives (its version, or the post)
 * within its rules (POST_NOT_PUBLISHABLE with the list of problems, each once).
 */
export function assertPublishable(
  contentHtml: string,
  media: MediaFacts,
  platforms: Platform[],
  incomplete: { code: 'POST_INCOMPLETE' | 'RECURRING_INCOMPLETE'; message: string },
  versions: readonly StoredVersion[] = [],
  targets: readonly Receiver[] = platforms.map((platform) => ({ platform, accountId: null })),
) {
  const text = htmlToText(contentHtml);
  // The post's own text may be left empty when every target has a version of its own.
  const everyVersioned =
    targets.length > 0 && targets.every((t) => versionFor(versions, t.platform, t.accountId) !== undefined);
  const noContent = !text.trim() && !media.length && !everyVersioned;
  if (noContent || platforms.length === 0) {
    throw new AppError(400, incomplete.code, incomplete.message, {
      fields: {
        ...(noContent ? { content: 'posts.contentRequired' } : {}),
        ...(!platforms.length ? { platforms: 'posts.platformsRequired' } : {}),
      },
    });
  }
  const seen = new Set<string>();
  const problems = targets
    .flatMap((t) =>
      validateForPlatform(
        t.platform as Platform,
        draftFor(t.platform, contentHtml, media, versions, t.accountId),
      ),
    )
    .filter((problem) => {
      const key = JSON.stringify(problem);
      return !seen.has(key) && seen.add(key);
    });
  if (problems.length) {
    const networks = [...new Set(problems.map((p) => p.platform))].join(', ');
    throw new AppError(400, 'POST_NOT_PUBLISHABLE', `The post does not meet the rules of ${networks}.`, {
      problems,
    });
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text (an imported row, a feed item) as the composer's HTML: a paragraph per line. */
export const textToHtml = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
