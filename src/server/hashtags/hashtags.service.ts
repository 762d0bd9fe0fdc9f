import { CUSTOM_HASHTAGS_MAX, type Hashtags } from '../../shared/api/hashtags.schemas';
import {
  HASHTAG_CATEGORIES,
  type HashtagCategory,
  POPULAR_LIMIT,
  suggestHashtags,
} from '../../shared/hashtags';
import { type SessionUser, scopeOf } from '../auth/session';
import type { Scope } from '../workspaces/workspaces.repo';
import { AppError, notFound } from '../http/errors';
import type { HashtagsRepo } from './hashtags.repo';

/** The built-in categories, a workspace's own tags per category and the tags the user used last. */
export function createHashtagsService(repo: HashtagsRepo) {
  const state = async ({ workspaceId, userId }: Scope): Promise<Hashtags> => {
    const custom: Record<string, string[]> = {};
    for (const row of await repo.custom(workspaceId)) (custom[row.category] ??= []).push(row.tag);
    return {
      categories: HASHTAG_CATEGORIES as unknown as Record<string, string[]>,
      custom,
      recent: await repo.recent(userId),
      popular: await repo.popular(workspaceId, POPULAR_LIMIT),
    };
  };

  return {
    state: (actor: SessionUser) => state(scopeOf(actor)),
    /**
     * Tags for a keyword (the keyword itself as a tag when it can be one) among the built-in, the
     * workspace's own and the workspace's best-performing ones; with no keyword, the post's own words.
     */
    async suggest(actor: SessionUser, keyword: string, text = '') {
      const [custom, popular] = await Promise.all([
        repo.custom(actor.workspace.id),
        repo.popular(actor.workspace.id, POPULAR_LIMIT),
      ]);
      return {
        data: suggestHashtags(keyword, [...popular, ...custom.map((row) => row.tag)], text),
      };
    },
    /** Adds a custom tag while the workspace has fewer than CUSTOM_HASHTAGS_MAX; adding one again is no change. */
    async addCustom(actor: SessionUser, category: HashtagCategory, tag: string) {
      if ((await repo.addCustom(scopeOf(actor), category, tag, CUSTOM_HASHTAGS_MAX)) === 'full')
        throw new AppError(
          409,
          'TOO_MANY_HASHTAGS',
          `This workspace already has ${CUSTOM_HASHTAGS_MAX} custom hashtags; remove one first.`,
          { params: { max: CUSTOM_HASHTAGS_MAX } },
        );
      return state(scopeOf(actor));
    },
    async removeCustom(actor: SessionUser, category: HashtagCategory, tag: string) {
      if (!(await repo.removeCustom(actor.workspace.id, category, tag)))
        throw notFound(`#${tag} in ${category}`);
      return state(scopeOf(actor));
    },
    async touchRecent(actor: SessionUser, tag: string) {
      await repo.touchRecent(actor.id, tag);
      return { recent: await repo.recent(actor.id) };
    },
    /** The workspace's and user's tags, for other features (the AI's suggestions): custom ones, then recently used ones. */
    async userTags({ workspaceId, userId }: Scope) {
      const [custom, recent] = await Promise.all([repo.custom(workspaceId), repo.recent(userId)]);
      return [...new Set([...custom.map((c) => c.tag), ...recent])];
    },
  };
}
export type HashtagsService = ReturnType<typeof createHashtagsService>;
