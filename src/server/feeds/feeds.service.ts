import type { FastifyBaseLogger } from 'fastify';
import {
  type Feed,
  FEEDS_MAX,
  type FeedError,
  type FeedInput,
  fillFeedTemplate,
} from '../../shared/api/feeds.schemas';
import type { PostInput } from '../../shared/api/posts.schemas';
import type { Platform } from '../../shared/platforms/rules';
import type { SessionUser } from '../auth/session';
import type { KnownAccount } from '../connections/accounts';
import { AppError, notFound } from '../http/errors';
import { invalid, textToHtml } from '../posts/post-content';
import type { PostsService } from '../posts/posts.service';
import type { AddressPolicy, Resolver } from '../webhooks/address-policy';
import type { Membership, WorkspaceId } from '../workspaces/workspaces.repo';
import type { FeedListRow, FeedRow, FeedsRepo } from './feeds.repo';
import { fetchFeed } from './fetch-feed';
import { type FeedItem, readFeed } from './read-feed';

/** Feeds read per round, and how long a reader holds one (its read is bounded well within). */
const FEEDS_PER_ROUND = 10;
const HOLD_MS = 5 * 60_000;
/** New items posted per read: a feed that suddenly lists a hundred does not flood the accounts. */
const ITEMS_PER_READ = 10;
/** After failures, the next read waits twice as long each time, at most a day. */
const BACKOFF_MAX_MS = 24 * 3_600_000;

export interface FeedsServiceDeps {
  repo: FeedsRepo;
  posts: PostsService;
  accountsOf: (workspaceId: WorkspaceId) => Promise<readonly KnownAccount[]>;
  /** The feed's owner as a request of theirs in the workspace would carry them; none once they left it. */
  actorOf: (userId: string, workspaceId: WorkspaceId, feedId: string) => Promise<SessionUser | null>;
  zoneOf: (userId: string) => Promise<string | null>;
  policy: AddressPolicy;
  resolve: Resolver;
  /** One read, redirects included (FEEDS_TIMEOUT_SECONDS). */
  fetchTimeoutMs: number;
  /** The configured model's rewrite of an item's text for these networks; null without a model. */
  rewrite: ((text: string, platforms: Platform[]) => Promise<string>) | null;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

const toFeed = (row: FeedListRow): Feed => ({
  id: row.id,
  url: row.url,
  title: row.title,
  platforms: row.platforms as Platform[],
  accounts: row.accounts,
  template: row.template,
  mode: row.mode,
  intervalMinutes: row.intervalMinutes,
  paused: row.paused,
  rewrite: row.rewrite,
  lastReadAt: row.lastReadAt?.toISOString() ?? null,
  nextReadAt: row.nextReadAt.toISOString(),
  lastError: row.lastError as FeedError | null,
  lastErrorDetail: row.lastErrorDetail,
  failures: row.failures,
  items: row.items,
  posted: row.posted,
  createdAt: row.createdAt.toISOString(),
});

/** Another reader recorded the item first: this one's post is undone. */
class AlreadyPosted extends Error {}

/**
 * RSS and Atom auto-posting (issue 27): a workspace's feeds, read by the workers when due, each new item
 * made a post by the posts service (draft, queued or published at once) in the same transaction that
 * records the item, so an item is posted once however many workers read the feed, and whatever the feed
 * does to its order later. The items there when a feed is added are recorded, not posted.
 */
export function createFeedsService({
  repo,
  posts,
  accountsOf,
  actorOf,
  zoneOf,
  policy,
  resolve,
  fetchTimeoutMs,
  rewrite,
  clock,
  logger,
}: FeedsServiceDeps) {
  const own = async (actor: SessionUser, id: string) => {
    const feed = await repo.find(actor.workspace.id, id);
    if (!feed) throw notFound('This feed');
    return feed;
  };
  /** The chosen accounts must be the workspace's, of the networks chosen. */
  const checkAccounts = async (actor: SessionUser, input: FeedInput) => {
    const accounts = await accountsOf(actor.workspace.id);
    for (const id of input.accounts) {
      const account = accounts.find((a) => a.id === id);
      if (!account || !input.platforms.includes(account.platform as Platform))
        throw invalid('accounts', 'posts.accountUnknown', 'not a connected account of the networks chosen');
    }
  };
  const listed = async (actor: SessionUser, id: string) =>
    toFeed((await repo.list(actor.workspace.id)).find((f) => f.id === id)!);

  /**
   * An item's text: the template filled in and, when the feed asks and a model is configured, rewritten by
   * it. A model that fails leaves the template's text: the item is posted all the same, and it is logged.
   */
  const textOf = async (feed: FeedRow, item: FeedItem) => {
    const filled = fillFeedTemplate(feed.template, {
      title: item.title,
      link: item.link ?? '',
      summary: item.summary,
      author: item.author,
    }).trim();
    if (!feed.rewrite || !rewrite) return filled;
    try {
      const written = (await rewrite(filled, feed.platforms as Platform[])).trim();
      return written || filled;
    } catch (error) {
      logger.warn(
        { err: error, feed: feed.id },
        'the model could not rewrite a feed item; its template text is posted',
      );
      return filled;
    }
  };
  /** The post an item asks for, as the feed's owner would write it in the composer. */
  const inputOf = (feed: FeedRow, text: string, timezone: string): PostInput => ({
    content: textToHtml(text),
    platforms: feed.platforms as Platform[],
    accounts: feed.accounts,
    media: [],
    versions: [],
    action: feed.mode === 'draft' ? 'draft' : feed.mode === 'queue' ? 'queue' : 'publish_now',
    timezone,
    queuePosition: 'last',
  });

  /** One item made a post and recorded, together; false when another reader had it first. */
  const post = async (actor: SessionUser, feed: FeedRow, item: FeedItem, input: PostInput) => {
    try {
      await posts.importMany(actor, [{ row: 1, input }], async (tx, written) => {
        const kept = await repo.recordItems(
          [
            {
              feedId: feed.id,
              key: item.key,
              title: item.title,
              link: item.link,
              postId: written[0]!.postIds[0],
            },
          ],
          tx,
        );
        if (!kept.size) throw new AlreadyPosted();
      });
      return true;
    } catch (error) {
      if (error instanceof AlreadyPosted) return false;
      if (!(error instanceof AppError)) throw error;
      // The post was refused (too long for a network, no queue…): the item is kept as skipped, with why.
      const reason = String(error.extra.params?.reason ?? error.code);
      await repo.recordItems([
        { feedId: feed.id, key: item.key, title: item.title, link: item.link, skipped: reason },
      ]);
      return false;
    }
  };

  /** Reads one feed it holds, posts its new items, and says when to read it next. */
  const read = async (feed: FeedRow) => {
    const now = clock();
    const result = await fetchFeed({
      url: feed.url,
      etag: feed.etag,
      lastModified: feed.lastModified,
      timeoutMs: fetchTimeoutMs,
      policy,
      resolve,
    });
    const interval = feed.intervalMinutes * 60_000;
    const failed = (code: FeedError, detail?: string) => {
      const failures = feed.failures + 1;
      const wait = Math.min(BACKOFF_MAX_MS, interval * 2 ** (failures - 1));
      return repo.afterRead(feed.id, {
        lastReadAt: now,
        lastError: code,
        lastErrorDetail: detail?.slice(0, 200) ?? null,
        failures,
        nextReadAt: new Date(now.getTime() + wait),
      });
    };
    const fine = (values: Parameters<FeedsRepo['afterRead']>[1] = {}) =>
      repo.afterRead(feed.id, {
        ...values,
        lastReadAt: now,
        lastError: null,
        lastErrorDetail: null,
        failures: 0,
        nextReadAt: new Date(now.getTime() + interval),
      });
    if (result.kind === 'error') return failed(result.code, result.detail);
    if (result.kind === 'not_modified') return fine();
    let parsed: ReturnType<typeof readFeed>;
    try {
      parsed = readFeed(result.body.toString('utf8'));
    } catch (error) {
      return failed('not_a_feed', error instanceof Error ? error.message : undefined);
    }
    const validators = { etag: result.etag, lastModified: result.lastModified, title: parsed.title };
    const known = await repo.knownKeys(
      feed.id,
      parsed.items.map((i) => i.key),
    );
    const fresh = parsed.items.filter((i) => !known.has(i.key));
    if (!feed.primed) {
      // The items there when the feed was added: had, not posted.
      await repo.recordItems(
        fresh.map((i) => ({ feedId: feed.id, key: i.key, title: i.title, link: i.link })),
      );
      return fine({ ...validators, primed: true });
    }
    if (fresh.length) {
      const actor = await actorOf(feed.userId, feed.workspaceId as WorkspaceId, feed.id);
      if (!actor) return failed('owner_left');
      const zone = actor.workspace.timezone ?? (await zoneOf(actor.id)) ?? 'UTC';
      for (const item of fresh.slice(0, ITEMS_PER_READ))
        await post(actor, feed, item, inputOf(feed, await textOf(feed, item), zone));
    }
    // Items past this read's share wait for the next read; the validators are then not kept, so it reads
    // the whole feed again.
    return fine(
      fresh.length > ITEMS_PER_READ ? { title: parsed.title, etag: null, lastModified: null } : validators,
    );
  };

  return {
    async list(actor: SessionUser) {
      return { data: (await repo.list(actor.workspace.id)).map(toFeed), ai: rewrite !== null };
    },
    async create(actor: SessionUser, input: FeedInput) {
      await checkAccounts(actor, input);
      if ((await repo.countOf(actor.workspace.id)) >= FEEDS_MAX)
        throw new AppError(409, 'TOO_MANY_FEEDS', `A workspace has at most ${FEEDS_MAX} feeds.`, {
          params: { max: FEEDS_MAX },
        });
      const row = await repo.create({
        ...input,
        workspaceId: actor.workspace.id,
        userId: actor.id,
        nextReadAt: clock(),
      });
      return listed(actor, row.id);
    },
    async update(actor: SessionUser, id: string, input: FeedInput) {
      const before = await own(actor, id);
      await checkAccounts(actor, input);
      // A new address is a new feed: read at once, its items there then recorded, not posted.
      const moved = before.url !== input.url;
      await repo.update(actor.workspace.id, id, {
        ...input,
        ...(moved ? { primed: false, etag: null, lastModified: null, nextReadAt: clock(), failures: 0 } : {}),
        ...(before.paused && !input.paused ? { nextReadAt: clock() } : {}),
      });
      return listed(actor, id);
    },
    async remove(actor: SessionUser, id: string) {
      if (!(await repo.remove(actor.workspace.id, id))) throw notFound('This feed');
    },
    /** The workers' round: the feeds due, each read once by one reader, its new items posted. */
    async readDue() {
      const now = clock();
      const due = await repo.claimDue(now, new Date(now.getTime() + HOLD_MS), FEEDS_PER_ROUND);
      for (const feed of due) {
        try {
          await read(feed);
        } catch (error) {
          logger.error({ err: error, feed: feed.id }, 'a feed could not be read');
        }
      }
      return due.length;
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;

/** The feed's owner, acting in the workspace (their membership there), for the posts its items become. */
export const feedActor = (
  user: { id: string; email: string; name: string; role: SessionUser['role']; trialEndsAt: Date | null },
  membership: Membership,
  feedId: string,
): SessionUser => ({ ...user, sessionId: `feed:${feedId}`, workspace: membership });
