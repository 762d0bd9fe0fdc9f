import { CUSTOM_HASHTAGS_MAX, type Hashtags } from '../../shared/api/hashtags.schemas';
import { HASHTAG_CATEGORIES, type HashtagCategory, suggestHashtags } from '../../shared/hashtags';
import type { SessionUser } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import type { HashtagsRepo } from './hashtags.repo';

/** The built-in categories, a user's own tags per category and the tags they used last. */
export function createHashtagsService(repo: HashtagsRepo) {
  const state = async (userId: string): Promise<Hashtags> => {
    const custom: Record<string, string[]> = {};
    for (const row of await repo.custom(userId)) (custom[row.category] ??= []).push(row.tag);
    return {
      categories: HASHTAG_CATEGORIES as unknown as Record<string, string[]>,
      custom,
      recent: await repo.recent(userId),
    };
  };

  return {
    state: (actor: SessionUser) => state(actor.id),
    async suggest(actor: SessionUser, keyword: string) {
      const custom = (await repo.custom(actor.id)).map((row) => row.tag);
      return { data: suggestHashtags(keyword, custom) };
    },
    /** Adds a custom tag while the user has fewer than CUSTOM_HASHTAGS_MAX; adding one again is no change. */
    async addCustom(actor: SessionUser, category: HashtagCategory, tag: string) {
      if ((await repo.addCustom(actor.id, category, tag, CUSTOM_HASHTAGS_MAX)) === 'full')
        throw new AppError(
          409,
          'TOO_MANY_HASHTAGS',
          `You already have ${CUSTOM_HASHTAGS_MAX} custom hashtags; remove one first.`,
          { params: { max: CUSTOM_HASHTAGS_MAX } },
        );
      return state(actor.id);
    },
    async removeCustom(actor: SessionUser, category: HashtagCategory, tag: string) {
      if (!(await repo.removeCustom(actor.id, category, tag))) throw notFound(`#${tag} in ${category}`);
      return state(actor.id);
    },
    async touchRecent(actor: SessionUser, tag: string) {
      await repo.touchRecent(actor.id, tag);
      return { recent: await repo.recent(actor.id) };
    },
    /** The user's own tags, for other features (the AI's suggestions): custom ones, then recently used ones. */
    async userTags(userId: string) {
      const [custom, recent] = await Promise.all([repo.custom(userId), repo.recent(userId)]);
      return [...new Set([...custom.map((c) => c.tag), ...recent])];
    },
  };
}
export type HashtagsService = ReturnType<typeof createHashtagsService>;
