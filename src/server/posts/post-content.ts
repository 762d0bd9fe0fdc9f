import { MEDIA_LIMITS } from '../../shared/api/media.schemas';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type PostInput, VideoEditsSchema } from '../../shared/api/posts.schemas';
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
    name: row.originalName,
  }));
  return { facts, links };
}
export type MediaFacts = Awaited<ReturnType<typeof resolveMedia>>['facts'];

/**
 * Content and networks present (`incomplete` is the error when not), and the post within every selected
 * network's rules (POST_NOT_PUBLISHABLE with the list of problems).
 */
export function assertPublishable(
  contentHtml: string,
  media: MediaFacts,
  platforms: Platform[],
  incomplete: { code: 'POST_INCOMPLETE' | 'RECURRING_INCOMPLETE'; message: string },
) {
  const text = htmlToText(contentHtml);
  const noContent = !text.trim() && !media.length;
  if (noContent || platforms.length === 0) {
    throw new AppError(400, incomplete.code, incomplete.message, {
      fields: {
        ...(noContent ? { content: 'posts.contentRequired' } : {}),
        ...(!platforms.length ? { platforms: 'posts.platformsRequired' } : {}),
      },
    });
  }
  const problems = platforms.flatMap((platform) => validateForPlatform(platform, { text, media }));
  if (problems.length) {
    const networks = [...new Set(problems.map((p) => p.platform))].join(', ');
    throw new AppError(400, 'POST_NOT_PUBLISHABLE', `The post does not meet the rules of ${networks}.`, {
      problems,
    });
  }
}
