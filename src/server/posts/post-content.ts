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

/**
 * The per-network versions asked for, cleaned: each for a network the post goes to, its files among the
 * post's (kept in the post's order). A 400 names `versions` otherwise.
 */
export function resolveVersions(
  versions: PostInput['versions'],
  platforms: readonly Platform[],
  links: readonly MediaLink[],
): StoredVersion[] {
  const attached = new Set(links.map((link) => link.id));
  return versions.map((version) => {
    if (!platforms.includes(version.platform))
      throw invalid('versions', 'posts.versionNotChosen', `a version for ${version.platform}, not chosen`);
    const files = version.media && new Set(version.media);
    if (files && [...files].some((id) => !attached.has(id)))
      throw invalid('versions', 'posts.versionMediaUnknown', 'a file that is not one of the post');
    return {
      platform: version.platform,
      contentHtml: sanitizePostHtml(version.content),
      media: files ? links.filter((link) => files.has(link.id)).map((link) => link.id) : null,
    };
  });
}

/** What `platform` receives of a post: its own version where it has one, else the post's text and files. */
export function draftFor(
  platform: string,
  contentHtml: string,
  media: MediaFacts,
  versions: readonly StoredVersion[],
) {
  const version = versions.find((v) => v.platform === platform);
  if (!version) return { text: htmlToText(contentHtml), media };
  const files = version.media && new Set(version.media);
  return {
    text: htmlToText(version.contentHtml),
    media: files ? media.filter((m) => files.has(m.id)) : media,
  };
}

/**
 * Content and networks present (`incomplete` is the error when not), and what each selected network
 * receives (its version, or the post) within its rules (POST_NOT_PUBLISHABLE with the list of problems).
 */
export function assertPublishable(
  contentHtml: string,
  media: MediaFacts,
  platforms: Platform[],
  incomplete: { code: 'POST_INCOMPLETE' | 'RECURRING_INCOMPLETE'; message: string },
  versions: readonly StoredVersion[] = [],
) {
  const text = htmlToText(contentHtml);
  // The post's own text may be left empty when every network has a version of its own.
  const everyVersioned =
    platforms.length > 0 && platforms.every((p) => versions.some((v) => v.platform === p));
  const noContent = !text.trim() && !media.length && !everyVersioned;
  if (noContent || platforms.length === 0) {
    throw new AppError(400, incomplete.code, incomplete.message, {
      fields: {
        ...(noContent ? { content: 'posts.contentRequired' } : {}),
        ...(!platforms.length ? { platforms: 'posts.platformsRequired' } : {}),
      },
    });
  }
  const problems = platforms.flatMap((platform) =>
    validateForPlatform(platform, draftFor(platform, contentHtml, media, versions)),
  );
  if (problems.length) {
    const networks = [...new Set(problems.map((p) => p.platform))].join(', ');
    throw new AppError(400, 'POST_NOT_PUBLISHABLE', `The post does not meet the rules of ${networks}.`, {
      problems,
    });
  }
}
