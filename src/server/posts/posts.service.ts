import type { Post, PostWrite } from '../../shared/api/posts.schemas';
import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Platform } from '../../shared/platforms/rules';
import { validateForPlatform } from '../../shared/platforms/validate';
import { zonedParts, zonedTimeToInstant } from '../../shared/time/zoned-day';
import type { SessionUser } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import type { PostsRepo, PostWithTargets } from './posts.repo';
import { sanitizePostHtml } from './sanitize';

/** A scheduled time this far in the past still counts as "now" (clock skew, a slow form). */
const PAST_TOLERANCE_MS = 60_000;
const EDITABLE: PostWithTargets['status'][] = ['draft', 'scheduled', 'failed'];

const toPost = (p: PostWithTargets): Post => ({
  id: p.id,
  status: p.status,
  content: p.contentHtml,
  platforms: p.targets.map((t) => t.platform as Platform),
  scheduledAt: p.scheduledAt?.toISOString() ?? null,
  timezone: p.timezone,
  targets: p.targets.map((t) => ({
    platform: t.platform as Platform,
    status: t.status,
    attempts: t.attempts,
    remoteUrl: t.remoteUrl,
    lastError: t.lastError,
    publishedAt: t.publishedAt?.toISOString() ?? null,
  })),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const invalid = (field: string, key: string, what: string) =>
  new AppError(400, 'VALIDATION_ERROR', `Invalid body: ${field} (${what})`, { fields: { [field]: key } });

export interface PostsServiceDeps {
  repo: PostsRepo;
  clock: () => Date;
  /** Refuses scheduling and publishing to a trial that has ended. */
  assertMayPublish: (actor: SessionUser) => void;
}

export function createPostsService({ repo, clock, assertMayPublish }: PostsServiceDeps) {
  const own = async (actor: SessionUser, id: string) => {
    const post = await repo.find(actor.id, id);
    if (!post) throw notFound('This post');
    return post;
  };

  const editable = (post: PostWithTargets) => {
    if (!EDITABLE.includes(post.status)) {
      throw new AppError(
        409,
        'POST_LOCKED',
        `This post is ${post.status.replace('_', ' ')} and can no longer be changed.`,
      );
    }
  };

  /** Cleans the HTML and, unless it is a draft, checks the post against every selected network. */
  const prepare = (actor: SessionUser, input: PostWrite) => {
    const contentHtml = sanitizePostHtml(input.content);
    const now = clock();
    if (input.action === 'draft') {
      return {
        contentHtml,
        status: 'draft' as const,
        scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
        timezone: input.timezone,
      };
    }
    assertMayPublish(actor);
    const text = htmlToText(contentHtml);
    if (!text.trim() || input.platforms.length === 0) {
      throw new AppError(400, 'POST_INCOMPLETE', 'Please complete all required fields.', {
        fields: {
          ...(!text.trim() ? { content: 'posts.contentRequired' } : {}),
          ...(!input.platforms.length ? { platforms: 'posts.platformsRequired' } : {}),
        },
      });
    }
    const problems = input.platforms.flatMap((platform) =>
      validateForPlatform(platform, { text, images: [], videos: 0 }),
    );
    if (problems.length) {
      const networks = [...new Set(problems.map((p) => p.platform))].join(', ');
      throw new AppError(400, 'POST_NOT_PUBLISHABLE', `The post does not meet the rules of ${networks}.`, {
        problems,
      });
    }
    const scheduledAt = input.action === 'publish_now' ? now : new Date(input.scheduledAt!);
    if (scheduledAt.getTime() < now.getTime() - PAST_TOLERANCE_MS)
      throw invalid('scheduledAt', 'posts.scheduledAtPast', 'in the past');
    return { contentHtml, status: 'scheduled' as const, scheduledAt, timezone: input.timezone };
  };

  return {
    async get(actor: SessionUser, id: string) {
      return toPost(await own(actor, id));
    },
    async listBetween(actor: SessionUser, from: Date, to: Date) {
      return { data: (await repo.listScheduledBetween(actor.id, from, to)).map(toPost) };
    },
    async create(actor: SessionUser, input: PostWrite) {
      return toPost(await repo.create(actor.id, prepare(actor, input), input.platforms));
    },
    async update(actor: SessionUser, id: string, input: PostWrite) {
      editable(await own(actor, id));
      return toPost(await repo.replace(actor.id, id, prepare(actor, input), input.platforms));
    },
    /** Moves the post to `date`, keeping its time of day on the clocks of its own time zone. */
    async reschedule(actor: SessionUser, id: string, date: string) {
      const post = await own(actor, id);
      editable(post);
      if (!post.scheduledAt)
        throw new AppError(409, 'NOT_SCHEDULED', 'This post has no date yet: schedule it first.');
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const { hour, minute } = zonedParts(post.scheduledAt, post.timezone);
      const scheduledAt = zonedTimeToInstant(year, month, day, hour, minute, post.timezone);
      if (post.status === 'scheduled') {
        assertMayPublish(actor);
        if (scheduledAt.getTime() < clock().getTime() - PAST_TOLERANCE_MS)
          throw invalid('date', 'posts.scheduledAtPast', 'in the past');
      }
      return toPost(await repo.setScheduledAt(actor.id, id, scheduledAt));
    },
    async remove(actor: SessionUser, id: string) {
      const post = await own(actor, id);
      if (post.status === 'publishing')
        throw new AppError(
          409,
          'POST_LOCKED',
          'This post is being published right now; try again in a moment.',
        );
      await repo.remove(actor.id, id);
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
