import type { FastifyBaseLogger } from 'fastify';
import {
  type Evergreen,
  type EvergreenInput,
  type EvergreenSkip,
  REFUSE_SAME_TEXT,
} from '../../shared/api/evergreen.schemas';
import type { PostInput } from '../../shared/api/posts.schemas';
import { CARD_MAX, cardHtml } from '../../shared/card-html';
import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Platform } from '../../shared/platforms/rules';
import { validateForPlatform } from '../../shared/platforms/validate';
import type { SessionUser } from '../auth/session';
import { accountOf, type KnownAccount } from '../connections/accounts';
import { AppError, notFound } from '../http/errors';
import { textToHtml } from '../posts/post-content';
import type { PostsRepo, PostWithTargets } from '../posts/posts.repo';
import type { PostsService } from '../posts/posts.service';
import type { QueueRepo } from '../queue/queue.repo';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import type { EvergreenRepo, EvergreenRow, EvergreenState } from './evergreen.repo';

/** Rules taken per round, and how long a round holds one (making a copy is far quicker). */
const RULES_PER_ROUND = 20;
const HOLD_MS = 5 * 60_000;
/** After a refusal (a full queue, a file gone), the rule is tried again this much later. */
const RETRY_MS = 6 * 3_600_000;
/** A copy for an account with no queue goes out this long after it is made. */
const DIRECT_LEAD_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export interface EvergreenServiceDeps {
  repo: EvergreenRepo;
  posts: PostsService;
  postsRepo: Pick<PostsRepo, 'find' | 'findMany'>;
  queue: Pick<QueueRepo, 'schedule'>;
  accountsOf: (workspaceId: WorkspaceId) => Promise<readonly KnownAccount[]>;
  /** The rule's owner as a request of theirs in the workspace would carry them; none once they left it. */
  actorOf: (userId: string, workspaceId: WorkspaceId, ruleId: string) => Promise<SessionUser | null>;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/** Another worker made this round first: this one's copies are undone. */
class AlreadyMade extends Error {}

/** A post's text as a network receives it: the account's version, else the network's, else the post's. */
const textOf = (post: PostWithTargets, platform: string, accountId: string | null) => {
  const version =
    post.versions.find((v) => v.platform === platform && v.account === accountId) ??
    post.versions.find((v) => v.platform === platform && v.account === undefined);
  return version?.contentHtml ?? post.contentHtml;
};
const sameText = (a: string, b: string) => htmlToText(a).trim() === htmlToText(b).trim();

/**
 * Evergreen recycling (issue 27): a post made evergreen returns N days after it (or its last copy) went out,
 * as a copy in its accounts' queues (an account without a queue: at once), at most M times or until a date.
 * Round r uses text r mod (1 + variants): the post's own, then each variant in turn. X and LinkedIn refuse
 * the text they had the round before: such a network is left out of the round, saying why, never sent to
 * fail. Each account's queue holds one waiting copy at a time, so due evergreen posts take turns, the one
 * shared longest ago first. A round's copies and its record are one transaction, made once however many
 * workers run it.
 */
export function createEvergreenService({
  repo,
  posts,
  postsRepo,
  queue,
  accountsOf,
  actorOf,
  clock,
  logger,
}: EvergreenServiceDeps) {
  const toEvergreen = (
    rule: EvergreenState,
    post: PostWithTargets,
    accounts: readonly KnownAccount[],
  ): Evergreen => {
    const now = clock().getTime();
    const finished =
      (rule.maxTimes !== null && rule.times >= rule.maxTimes) ||
      (rule.until !== null && rule.until.getTime() <= now);
    const waiting = rule.pending || rule.anchor === null;
    return {
      id: rule.id,
      postId: rule.postId,
      card: cardHtml(post.contentHtml, CARD_MAX),
      platforms: [...new Set(post.targets.map((t) => t.platform as Platform))],
      accounts: post.targets.flatMap((t) => {
        const account = accountOf(accounts, t);
        return account ? [account.username] : [];
      }),
      everyDays: rule.everyDays,
      maxTimes: rule.maxTimes,
      until: rule.until?.toISOString() ?? null,
      variants: rule.variants,
      paused: rule.paused,
      state: finished ? 'finished' : rule.paused ? 'paused' : waiting ? 'waiting' : 'due',
      times: rule.times,
      lastSharedAt: rule.lastSharedAt?.toISOString() ?? null,
      nextAt:
        finished || waiting
          ? null
          : new Date(
              Math.max(rule.anchor!.getTime() + rule.everyDays * DAY_MS, rule.holdUntil.getTime()),
            ).toISOString(),
      skipped: rule.skipped.map((s) => ({
        platform: s.platform as Platform,
        account: s.account,
        reason: s.reason as EvergreenSkip,
      })),
      lastError: rule.lastError,
      createdAt: rule.createdAt.toISOString(),
    };
  };

  const ownPost = async (actor: SessionUser, postId: string) => {
    const post = await postsRepo.find(actor.workspace.id, postId);
    if (!post) throw notFound('This post');
    return post;
  };
  /** The post's rule as the API shows it, or null; `post` is the post, read once by the caller. */
  const present = async (actor: SessionUser, post: PostWithTargets) => {
    const [rule, accounts] = await Promise.all([
      repo.ofPost(actor.workspace.id, post.id),
      accountsOf(actor.workspace.id),
    ]);
    return rule ? toEvergreen(rule, post, accounts) : null;
  };

  /** The post as a copy with text `variant` (0: the post's own) would be written for these of its targets. */
  const inputOf = (
    rule: EvergreenRow,
    post: PostWithTargets,
    targets: { platform: string; account: KnownAccount }[],
    variant: number,
  ): Omit<PostInput, 'action'> => {
    const ids = (accountId: string | undefined) =>
      accountId === undefined
        ? undefined
        : targets.find((t) => t.account.accountId === accountId)?.account.id;
    const chosen = new Set(targets.map((t) => t.platform));
    return {
      content: variant === 0 ? post.contentHtml : textToHtml(rule.variants[variant - 1]!),
      platforms: [...chosen] as Platform[],
      accounts: targets.map((t) => t.account.id),
      media: post.media.map((m) => ({
        id: m.id,
        alt: m.alt,
        ...(m.edits ? { edits: m.edits as NonNullable<PostInput['media'][number]['edits']> } : {}),
      })),
      // A variant is the whole post, for every network; the post's own text keeps its versions.
      versions:
        variant === 0
          ? post.versions.flatMap((v) => {
              const account = ids(v.account);
              if (!chosen.has(v.platform) || (v.account !== undefined && !account)) return [];
              return [
                {
                  platform: v.platform as Platform,
                  content: v.contentHtml,
                  ...(v.media ? { media: v.media } : {}),
                  ...(account ? { account } : {}),
                },
              ];
            })
          : [],
      timezone: post.timezone,
      queuePosition: 'last',
    };
  };

  /** Makes the next round's copies of a rule a round holds, or says why it made none. */
  const recycle = async (rule: EvergreenState, waiting: Set<string>) => {
    const now = clock();
    const workspaceId = rule.workspaceId as WorkspaceId;
    const [actor, post, accounts] = await Promise.all([
      actorOf(rule.userId, workspaceId, rule.id),
      postsRepo.find(workspaceId, rule.postId),
      accountsOf(workspaceId),
    ]);
    if (!actor || !post)
      return repo.release(rule.id, new Date(now.getTime() + RETRY_MS), { lastError: 'owner_left' });
    const round = rule.times + 1;
    const texts = 1 + rule.variants.length;
    const textFor = (variant: number, platform: string, accountId: string | null) =>
      variant === 0 ? textOf(post, platform, accountId) : textToHtml(rule.variants[variant - 1]!);
    const skipped: EvergreenRow['skipped'] = [];
    const connected: { platform: string; account: KnownAccount }[] = [];
    for (const target of post.targets) {
      const account = accountOf(accounts, target);
      if (account) connected.push({ platform: target.platform, account });
      else skipped.push({ platform: target.platform, account: null, reason: 'not_connected' });
    }
    // X and LinkedIn refuse the text they had last: the round's text in turn, or the first after it that
    // none of them had; those it would still repeat for are left out.
    const last = await repo.lastSent(rule);
    const lastOf = new Map(
      (await postsRepo.findMany(workspaceId, [...new Set(last.map((l) => l.postId))])).map((p) => [p.id, p]),
    );
    const repeats = (variant: number) =>
      connected.filter((t) => {
        if (!(REFUSE_SAME_TEXT as readonly string[]).includes(t.platform)) return false;
        // A copy names its account; the post itself may name none (the network's first account).
        const sent =
          last.find((l) => l.platform === t.platform && l.accountId === t.account.accountId) ??
          last.find((l) => l.platform === t.platform && l.accountId === null);
        const had = sent && lastOf.get(sent.postId);
        return (
          !!had &&
          sameText(
            textOf(had, t.platform, t.account.accountId),
            textFor(variant, t.platform, t.account.accountId),
          )
        );
      });
    const variant =
      Array.from({ length: texts }, (_, k) => (round + k) % texts).find((v) => !repeats(v).length) ??
      round % texts;
    const repeating = repeats(variant);
    for (const t of repeating)
      skipped.push({ platform: t.platform, account: t.account.username, reason: 'same_text' });
    const going = connected.filter((t) => !repeating.includes(t));
    // Each queue holds one waiting copy: a rule with an account whose queue has one waits its turn.
    if (going.some((t) => waiting.has(`${t.platform}:${t.account.accountId}`)))
      return repo.release(rule.id, now);
    if (!going.length)
      return repo.release(rule.id, new Date(now.getTime() + rule.everyDays * DAY_MS), {
        skipped,
        lastError: 'nothing_to_share',
      });
    // Into the queue where the account has one running; else out at once.
    const queued: typeof going = [];
    const direct: typeof going = [];
    for (const t of going) {
      const schedule = await queue.schedule({
        workspaceId,
        platform: t.platform,
        accountId: t.account.accountId,
      });
      (schedule?.times.length ? queued : direct).push(t);
    }
    const rows: { row: number; input: PostInput }[] = [];
    if (queued.length)
      rows.push({ row: 1, input: { ...inputOf(rule, post, queued, variant), action: 'queue' } });
    if (direct.length)
      rows.push({
        row: 2,
        input: {
          ...inputOf(rule, post, direct, variant),
          action: 'schedule',
          scheduledAt: new Date(now.getTime() + DIRECT_LEAD_MS).toISOString(),
        },
      });
    try {
      await posts.importMany(actor, rows, async (tx, written) => {
        const made = await repo.recordRound(
          tx,
          rule,
          round,
          written.flatMap((w) => w.postIds),
          { skipped, lastMadeAt: now },
        );
        if (!made) throw new AlreadyMade();
      });
      for (const t of going) waiting.add(`${t.platform}:${t.account.accountId}`);
    } catch (error) {
      if (error instanceof AlreadyMade) return;
      if (!(error instanceof AppError)) throw error;
      await repo.release(rule.id, new Date(now.getTime() + RETRY_MS), {
        skipped,
        lastError: String(error.extra.params?.reason ?? error.code),
      });
    }
  };

  /**
   * Each variant checked against the text rules of the post's networks (its files were checked with the
   * post): a 400 names the variant.
   */
  const checkVariants = (post: PostWithTargets, variants: string[]) => {
    const platforms = [...new Set(post.targets.map((t) => t.platform as Platform))];
    for (const [i, variant] of variants.entries()) {
      const field = `variants.${i}`;
      if (!variant)
        throw new AppError(400, 'VALIDATION_ERROR', `Invalid body: ${field} (empty)`, {
          fields: { [field]: 'evergreen.variantEmpty' },
        });
      const problems = platforms.flatMap((platform) =>
        validateForPlatform(platform, { text: variant, media: [] }).filter((p) => p.code !== 'empty'),
      );
      if (problems.length)
        throw new AppError(400, 'POST_NOT_PUBLISHABLE', `Invalid body: ${field} (a network refuses it)`, {
          problems,
          fields: { [field]: 'evergreen.variantNotPublishable' },
        });
    }
  };

  return {
    async list(actor: SessionUser) {
      const rules = await repo.list(actor.workspace.id);
      const [found, accounts] = await Promise.all([
        postsRepo.findMany(
          actor.workspace.id,
          rules.map((r) => r.postId),
        ),
        accountsOf(actor.workspace.id),
      ]);
      const byId = new Map(found.map((p) => [p.id, p]));
      return { data: rules.map((rule) => toEvergreen(rule, byId.get(rule.postId)!, accounts)) };
    },
    async ofPost(actor: SessionUser, postId: string) {
      const post = await ownPost(actor, postId);
      const data = await present(actor, post);
      return { data, copyOf: post.evergreenId ? ((await repo.postOf(post.evergreenId)) ?? null) : null };
    },
    async set(actor: SessionUser, postId: string, input: EvergreenInput) {
      const post = await ownPost(actor, postId);
      if (post.evergreenId)
        throw new AppError(
          409,
          'EVERGREEN_COPY',
          'This post is a copy of an evergreen post: change that one.',
        );
      const variants = input.variants.map((v) => v.trim());
      checkVariants(post, variants);
      await repo.upsert(
        {
          ...input,
          variants,
          until: input.until === null ? null : new Date(input.until),
          workspaceId: actor.workspace.id,
          postId,
          userId: actor.id,
        },
        clock(),
      );
      return (await present(actor, post))!;
    },
    async remove(actor: SessionUser, postId: string) {
      if (!(await repo.remove(actor.workspace.id, postId))) throw notFound('This evergreen post');
    },
    /** The workers' round: each due rule's next copies, made once, the one shared longest ago first. */
    async recycleDue() {
      const now = clock();
      const due = await repo.claimDue(now, new Date(now.getTime() + HOLD_MS), RULES_PER_ROUND);
      const waiting = new Map<string, Set<string>>();
      for (const rule of due) {
        try {
          if (!waiting.has(rule.workspaceId))
            waiting.set(rule.workspaceId, await repo.waitingAccounts(rule.workspaceId));
          await recycle(rule, waiting.get(rule.workspaceId)!);
        } catch (error) {
          logger.error({ err: error, evergreen: rule.id }, 'an evergreen post could not be recycled');
          await repo.release(rule.id, new Date(now.getTime() + RETRY_MS), { lastError: 'internal' });
        }
      }
      return due.length;
    },
  };
}
export type EvergreenService = ReturnType<typeof createEvergreenService>;
