import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { DraftList, DraftSummary } from '../../shared/api/drafts.schemas';
import {
  type CalendarPost,
  type Post,
  type PostInput,
  PostListSchema,
  type RescheduleBody,
  type PostStatus,
  VideoEditsSchema,
} from '../../shared/api/posts.schemas';
import { QUEUE_POSTS_MAX } from '../../shared/api/queue.schemas';
import { CARD_MAX, cardHtml } from '../../shared/card-html';
import type { Platform } from '../../shared/platforms/rules';
import { zonedParts, zonedTimeToInstant } from '../../shared/time/zoned-day';
import type { PostEventKind } from '../../shared/api/approvals.schemas';
import { can, needsApproval } from '../../shared/workspaces/rules';
import type { ApprovalNotices } from '../approvals/approval-notices';
import type { ApprovalPost } from '../approvals/approvals.repo';
import { approvalHashOf } from './approval-hash';
import {
  accountOf,
  blockerOf,
  chosenAccountIds,
  type KnownAccount,
  targetKey,
} from '../connections/accounts';
import { type SessionUser, scopeOf, workspaceRoleForbids } from '../auth/session';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type ChangeFeed, createVersionedCache, NO_CHANGE_FEED } from '../db/change-feed';
import { AppError, notFound } from '../http/errors';
import { toMedia } from '../media/media.service';
import type { CalendarRow, DraftRow, PostsRepo, PostWithTargets } from './posts.repo';
import type { PostsStatusRepo } from './posts-status.repo';
import {
  assertPublishable,
  type FindMedia,
  invalid,
  resolveMedia,
  resolveVersions,
  versionsOut,
  targetsOf as resolveTargets,
} from './post-content';
import { sanitizePostHtml } from './sanitize';
import type { QueueKey, QueueRepo, ScheduleRow } from '../queue/queue.repo';
import type { Db } from '../db/client';
import { firstFree, layOut } from '../queue/layout';
import { QUEUE_LEAD_MS, queueFull, noSchedule } from '../queue/queue-rules';

export const approvalRequired = () =>
  new AppError(403, 'APPROVAL_REQUIRED', 'This workspace asks for an approval first.');

/** A scheduled time this far in the past still counts as "now" (clock skew, a slow form). */
const PAST_TOLERANCE_MS = 60_000;
const EDITABLE: PostWithTargets['status'][] = [
  'draft',
  'awaiting_approval',
  'not_approved',
  'scheduled',
  'failed',
];

/** What an approval of the post binds to, as stored. */
const shapeOf = (p: PostWithTargets) => ({
  contentHtml: p.contentHtml,
  scheduledAt: p.scheduledAt,
  platforms: p.targets.map(targetKey),
  media: p.media.map((m) => ({ id: m.id, alt: m.alt, edits: m.edits })),
  versions: p.versions,
});
/** Each network once, in the targets' order. */
const platformsOf = (targets: readonly { platform: string }[]) => [
  ...new Set(targets.map((t) => t.platform as Platform)),
];
const approvalPostOf = (p: PostWithTargets): ApprovalPost => ({
  id: p.id,
  workspaceId: p.workspaceId,
  userId: p.userId,
  contentHtml: p.contentHtml,
  scheduledAt: p.scheduledAt,
  platforms: platformsOf(p.targets),
});
/** The history's word for a post's state after a change by its writer. */
const eventOfStatus = (status: PostWithTargets['status']): PostEventKind | null =>
  status === 'draft'
    ? 'drafted'
    : status === 'scheduled'
      ? 'scheduled'
      : status === 'awaiting_approval'
        ? 'approval_requested'
        : null;

/**
 * A workspace's connected accounts, first connected first, and whether each still works: to say where
 * each target goes and why one cannot go out.
 */
export type ConnectionStates = readonly KnownAccount[];

type CalendarTargetRow = CalendarRow['targets'][number];

/** What a target shows while it waits or retries: the same on the full post and on its card. */
const waitOf = (p: CalendarRow, t: CalendarTargetRow, connections: ConnectionStates) => ({
  nextAttemptAt: t.status === 'retrying' ? (t.nextAttemptAt?.toISOString() ?? null) : null,
  // A draft, or a post not approved in time, is going nowhere: nothing stands in its way.
  blocked: p.status === 'draft' || p.status === 'not_approved' ? null : blockerOf(connections, t),
});

/** A post as its calendar card: the card's HTML, and of each target only what is set. */
const toCalendarPost = (p: CalendarRow, connections: ConnectionStates): CalendarPost => ({
  id: p.id,
  status: p.status,
  scheduledAt: p.scheduledAt?.toISOString() ?? null,
  card: cardHtml(p.contentHtml, CARD_MAX),
  ...(p.recurring ? { recurring: true as const } : {}),
  // Only while it waits: a queued post that went out is a published post like any other.
  ...(p.queue && (p.status === 'scheduled' || p.status === 'awaiting_approval') ? { queue: p.queue } : {}),
  targets: p.targets.map((t) => {
    const { nextAttemptAt, blocked } = waitOf(p, t, connections);
    const account = accountOf(connections, t);
    return {
      platform: t.platform as Platform,
      status: t.status,
      ...(account ? { account: account.username } : {}),
      ...(blocked ? { blocked } : {}),
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
      ...(t.lastErrorCode ? { lastErrorCode: t.lastErrorCode } : {}),
      ...(t.lastError ? { lastError: t.lastError } : {}),
    };
  }),
});

/** A draft in a list: its card, date, networks and number of files. */
const toDraftSummary = (d: DraftRow): DraftSummary => ({
  id: d.id,
  card: cardHtml(d.contentHtml, CARD_MAX),
  scheduledAt: d.scheduledAt?.toISOString() ?? null,
  updatedAt: d.updatedAt.toISOString(),
  platforms: d.platforms as Platform[],
  mediaCount: d.mediaCount,
});

/** The account a target goes to, as a post names it. */
const accountRef = (account: KnownAccount | undefined) =>
  account ? { id: account.id, username: account.username } : null;

const toPost = (p: PostWithTargets, connections: ConnectionStates): Post => ({
  id: p.id,
  status: p.status,
  content: p.contentHtml,
  platforms: platformsOf(p.targets),
  accounts: chosenAccountIds(connections, p.targets),
  scheduledAt: p.scheduledAt?.toISOString() ?? null,
  timezone: p.timezone,
  recurringId: p.recurringId,
  occurrenceAt: p.occurrenceAt?.toISOString() ?? null,
  versions: versionsOut(p.versions, connections),
  targets: p.targets.map((t) => ({
    platform: t.platform as Platform,
    account: accountRef(accountOf(connections, t)),
    status: t.status,
    attempts: t.attempts,
    remoteUrl: t.remoteUrl,
    lastError: t.lastError,
    lastErrorCode: t.lastErrorCode,
    publishedAt: t.publishedAt?.toISOString() ?? null,
    ...waitOf(p, t, connections),
  })),
  media: p.media.map((m) => ({
    ...toMedia(m),
    edits: m.edits ? VideoEditsSchema.parse(m.edits) : null,
    alt: m.alt,
    render: m.render,
  })),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  authorId: p.userId,
  contentHash: approvalHashOf(shapeOf(p)),
  reviewNote: p.reviewNote,
});

export interface PostsServiceDeps {
  repo: PostsRepo;
  statusRepo: PostsStatusRepo;
  /** The workspace's uploads among `ids` (others' are simply not found). */
  findMedia: FindMedia;
  clock: () => Date;
  /** Refuses scheduling and publishing to a trial that has ended. */
  assertMayPublish: (actor: SessionUser) => void;
  connectionStates: (workspaceId: WorkspaceId) => Promise<ConnectionStates>;
  /** The database's change notifications: a calendar range is kept, serialised, until the user's change. */
  changes?: ChangeFeed;
  /** The post's history, and telling approvers of a post that waits for them (issue 25). */
  notices: Pick<ApprovalNotices, 'record' | 'requested'>;
  /** The accounts' posting queues: "Add to queue", and a queued post leaving its slot (issue 26). */
  queue: QueueRepo;
}

/** A calendar range, serialised once, with a tag for conditional requests (If-None-Match). */
export interface SerialisedRange {
  body: Buffer;
  /** The same bytes gzipped, for the browsers that accept it (all of them): about a tenth of the size. */
  gzipped: Buffer;
  etag: string;
}

const gzip = promisify(gzipCallback);

const rangeKey = (from: Date, to: Date) => `${from.toISOString()} ${to.toISOString()}`;

/** The calendar ranges kept in memory, all users together. A month of 1,000 posts is about 350 KB. */
const RANGE_CACHE_BYTES = 64 * 1024 * 1024;
/** The users whose connected accounts are kept in memory. */
const CONNECTION_STATES_KEPT = 10_000;

/** Rows of a bulk import written by one round of statements. */
const IMPORT_CHUNK = 1000;

/** A bulk import's refusal of one of its rows: the row's own error (its code as `reason`), naming the row. */
const rowRefused = (row: number, error: unknown) =>
  error instanceof AppError
    ? new AppError(409, 'IMPORT_ROW_REFUSED', `Row ${row} cannot be imported: ${error.message}`, {
        params: { row, reason: error.code, ...error.extra.params },
        ...(error.extra.problems ? { problems: error.extra.problems } : {}),
        ...(error.extra.fields ? { fields: error.extra.fields } : {}),
      })
    : error;

export function createPostsService({
  repo,
  statusRepo,
  findMedia,
  clock,
  assertMayPublish,
  connectionStates,
  changes = NO_CHANGE_FEED,
  notices,
  queue,
}: PostsServiceDeps) {
  const ranges = createVersionedCache<SerialisedRange>({
    feed: changes,
    kind: 'posts',
    maxBytes: RANGE_CACHE_BYTES,
    sizeOf: (range) => range.body.length + range.gzipped.length,
  });

  // Every answer about a post says whether each network can take it, so every call read the user's
  // accounts, a query of its own. They are kept until a change to the user that could not say which
  // posts it touched: every change to an account is one (migration 0008, and the connections service's
  // own notice in this process).
  const accounts = createVersionedCache<ConnectionStates>({
    feed: changes,
    kind: 'posts',
    maxBytes: CONNECTION_STATES_KEPT,
    sizeOf: () => 1,
  });
  const statesOf = (workspaceId: WorkspaceId) =>
    accounts.get(workspaceId, 'connections', () => connectionStates(workspaceId), 'undated');

  const present = async (actor: SessionUser, post: PostWithTargets) =>
    toPost(post, await statesOf(actor.workspace.id));

  /**
   * After a write: this process's kept months of that workspace go at once, so the calendar that asks right
   * after its own change sees it (the database's notice follows, a moment later, for other processes).
   */
  const saved = (actor: SessionUser, post: PostWithTargets, before?: PostWithTargets) => {
    changes.touch('posts', actor.workspace.id, [post.scheduledAt, ...(before ? [before.scheduledAt] : [])]);
    return present(actor, post);
  };

  const own = async (actor: SessionUser, id: string) => {
    const post = await repo.find(actor.workspace.id, id);
    if (!post) throw notFound('This post');
    return post;
  };
  /** A post the actor may change: any of the workspace's, or only their own for a contributor. */
  const mine = async (actor: SessionUser, id: string) => {
    const post = await own(actor, id);
    if (post.userId !== actor.id && !can(actor.workspace.role, 'editOthersPosts'))
      throw workspaceRoleForbids();
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

  /** Whether what the actor schedules waits for an approval in their workspace. */
  const asksApproval = (actor: SessionUser) =>
    needsApproval(actor.workspace.role, actor.workspace.approvalRequired);

  /**
   * Cleans the HTML and, unless it is a draft, checks the post against every selected network. A
   * contributor's schedule in a workspace that asks for approval waits for one instead (`Post now`: as
   * soon as it is approved), unless it is what was approved already (`before`, unchanged).
   */
  const prepare = async (actor: SessionUser, input: PostInput, before?: PostWithTargets) => {
    const contentHtml = sanitizePostHtml(input.content);
    const now = clock();
    const [{ facts, links }, accounts] = await Promise.all([
      resolveMedia(findMedia, actor.workspace.id, input.media),
      statesOf(actor.workspace.id),
    ]);
    // The networks and accounts chosen (an account not of the workspace is a 400); an edit keeps a
    // choice of an account disconnected since.
    const { targets, platforms } = resolveTargets(accounts, input, before?.targets);
    const versions = resolveVersions(input.versions, targets, links, accounts);
    const written = { contentHtml, versions, timezone: input.timezone };
    if (input.action === 'draft') {
      const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
      return {
        values: { ...written, status: 'draft' as const, scheduledAt },
        links,
        targets,
      };
    }
    assertMayPublish(actor);
    assertPublishable(
      contentHtml,
      facts,
      platforms,
      { code: 'POST_INCOMPLETE', message: 'Please complete all required fields.' },
      versions,
      targets,
    );
    // A queued post's time is its slot's, chosen under the queue's lock (enqueue).
    const scheduledAt =
      input.action === 'publish_now' || input.action === 'queue' ? now : new Date(input.scheduledAt!);
    if (scheduledAt.getTime() < now.getTime() - PAST_TOLERANCE_MS)
      throw invalid('scheduledAt', 'posts.scheduledAtPast', 'in the past');
    if (asksApproval(actor)) {
      const asked = input.action === 'publish_now' ? null : scheduledAt;
      const approved =
        before?.status === 'scheduled' &&
        before.approvalHash !== null &&
        before.approvalHash ===
          approvalHashOf({
            contentHtml,
            scheduledAt: asked,
            platforms: targets.map(targetKey),
            media: links,
            versions,
          });
      if (approved)
        return {
          values: { ...written, status: 'scheduled' as const, scheduledAt: asked },
          links,
          targets,
        };
      return {
        values: {
          ...written,
          status: 'awaiting_approval' as const,
          scheduledAt: asked,
          approvalHash: null,
          reviewNote: null,
        },
        links,
        targets,
      };
    }
    return {
      values: { ...written, status: 'scheduled' as const, scheduledAt },
      links,
      targets,
    };
  };

  /**
   * After a writer's change: its event on the post's history, and when it starts waiting for approval,
   * the approvers told.
   */
  const told = async (actor: SessionUser, post: PostWithTargets, before?: PostWithTargets) => {
    if (post.status === 'awaiting_approval' && before?.status !== 'awaiting_approval')
      return notices.requested(actor, approvalPostOf(post));
    const moved = +(before?.scheduledAt ?? 0) !== +(post.scheduledAt ?? 0);
    const kind =
      before?.status !== post.status
        ? eventOfStatus(post.status)
        : moved && (post.status === 'scheduled' || post.status === 'awaiting_approval')
          ? 'rescheduled'
          : null;
    if (kind)
      await notices.record([
        {
          postId: post.id,
          actorId: actor.id,
          actorName: actor.name,
          kind,
          details: { scheduledAt: post.scheduledAt },
        },
      ]);
  };

  const listBetween = async (actor: SessionUser, from: Date, to: Date) => {
    const [rows, connections] = await Promise.all([
      repo.listScheduledBetween(actor.workspace.id, from, to),
      statesOf(actor.workspace.id),
    ]);
    return { data: rows.map((row) => toCalendarPost(row, connections)) };
  };

  return {
    async get(actor: SessionUser, id: string) {
      return present(actor, await own(actor, id));
    },
    /**
     * The workspace's posts among `ids`, whole, in scheduled order: for a client review link's page,
     * which has no session (the link chose the posts).
     */
    async forReview(workspaceId: WorkspaceId, ids: string[]): Promise<Post[]> {
      const rows = await repo.findMany(workspaceId, ids);
      const states = await statesOf(workspaceId);
      return rows.map((row) => toPost(row, states));
    },
    listBetween,
    /**
     * The same list as JSON bytes. A calendar asks for the same month again and again (every visit,
     * every refetch, several tabs) while it rarely changes, so the bytes are kept until the database
     * says one of this user's posts, their networks, media or accounts changed.
     */
    listBetweenSerialised(actor: SessionUser, from: Date, to: Date): Promise<SerialisedRange> {
      return ranges.get(
        actor.workspace.id,
        rangeKey(from, to),
        async () => {
          const list = PostListSchema.parse(await listBetween(actor, from, to));
          const body = Buffer.from(JSON.stringify(list));
          const gzipped = await gzip(body, { level: 6 });
          return {
            body,
            gzipped,
            etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
          };
          // Kept through changes to posts of other days (an autosaved draft without a date, another month).
        },
        { from, to },
      );
    },
    /** The bytes `listBetweenSerialised` would answer when they are kept and current, at once; else undefined. */
    keptRange(actor: SessionUser, from: Date, to: Date): SerialisedRange | undefined {
      return ranges.kept(actor.workspace.id, rangeKey(from, to), { from, to });
    },
    /** The user's drafts, dated or not, the latest changed first: where a draft without a date is found again. */
    async listDrafts(actor: SessionUser, limit: number, offset: number): Promise<DraftList> {
      const { rows, total } = await repo.listDrafts(actor.workspace.id, limit, offset);
      return { data: rows.map(toDraftSummary), total };
    },
    /** A page of the user's posts in `status`, whole, soonest first. */
    async listByStatus(actor: SessionUser, status: PostStatus, limit: number, offset: number) {
      const { ids, total } = await statusRepo.pageIds(actor.workspace.id, status, limit, offset);
      const [rows, connections] = await Promise.all([
        repo.findMany(actor.workspace.id, ids),
        statesOf(actor.workspace.id),
      ]);
      // In the page's order (by date, dateless last), whatever order the rows were read in.
      const order = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { data: rows.map((row) => toPost(row, connections)), total };
    },
    /**
     * Calls off a scheduled (or waiting) post before any network has started: it becomes a draft, its
     * date kept.
     */
    async cancel(actor: SessionUser, id: string) {
      const post = await mine(actor, id);
      if (
        (post.status !== 'scheduled' && post.status !== 'awaiting_approval') ||
        !(await statusRepo.cancelScheduled(actor.workspace.id, id))
      )
        throw new AppError(
          409,
          'NOT_SCHEDULED',
          'Only a scheduled post that has not started going out can be cancelled.',
        );
      await queue.release(actor.workspace.id, id);
      const after = (await repo.find(actor.workspace.id, id))!;
      await notices.record([{ postId: id, actorId: actor.id, actorName: actor.name, kind: 'cancelled' }]);
      return saved(actor, after, post);
    },
    async create(actor: SessionUser, input: PostInput) {
      const { values, links, targets } = await prepare(actor, input);
      const post = await repo.create(scopeOf(actor), values, targets, links);
      // Its writing is on its history from the post itself (author, created at): no second write on
      // the hot path of scheduling. Only a post that starts waiting tells its approvers.
      if (post.status === 'awaiting_approval') await told(actor, post);
      return saved(actor, post);
    },
    async update(actor: SessionUser, id: string, input: PostInput) {
      const before = await mine(actor, id);
      editable(before);
      const { values, links, targets } = await prepare(actor, input, before);
      const post = await repo.replace(actor.workspace.id, id, values, targets, links);
      await queue.release(actor.workspace.id, id);
      await told(actor, post, before);
      return saved(actor, post, before);
    },
    /**
     * "Add to queue" (issue 26): one post per chosen account (a network with none chosen: its first),
     * each in its account's queue, at the first free slot or, `next`, first (the queued posts move on a
     * slot each). All accounts' queues are locked together, so the posts are made all or none, and two
     * callers never get one slot. With `id`, that post (the actor's to change) is the first account's.
     */
    async enqueue(actor: SessionUser, input: PostInput, id?: string): Promise<Post[]> {
      const before = id === undefined ? undefined : await mine(actor, id);
      if (before) editable(before);
      const { values, links, targets } = await prepare(actor, input, before);
      const connections = await statesOf(actor.workspace.id);
      const places = targets.map((t) => {
        const account = accountOf(connections, t);
        if (!account)
          throw invalid('accounts', 'queue.accountNotConnected', `no ${t.platform} account is connected`);
        const key: QueueKey = {
          workspaceId: actor.workspace.id,
          platform: account.platform,
          accountId: account.accountId,
        };
        return { key, account };
      });
      const after = new Date(clock().getTime() + QUEUE_LEAD_MS);
      const next = input.queuePosition === 'next';
      const made = await queue.locked(
        places.map((p) => p.key),
        async (tx) => {
          const posts: { id: string; row?: PostWithTargets }[] = [];
          for (const [i, { key, account }] of places.entries()) {
            const schedule = await queue.schedule(key, tx);
            if (!schedule?.times.length) throw noSchedule(account.username);
            // Share next reads which posts the queue may move (they follow the new one in their order);
            // the first free slot needs only the slots' times.
            const taken = next ? await queue.taken(key, after, tx) : [];
            const { times, posts: queued } = next
              ? { times: [], posts: taken.filter((t) => t.postId !== null).length }
              : await queue.takenInstants(key, after, tx);
            if (queued >= QUEUE_POSTS_MAX) throw queueFull();
            const order = next ? taken.filter((t) => t.movable).map((t) => t.postId!) : [];
            const at = next
              ? layOut(schedule, taken, after, ['new', ...order])[0]!.at
              : firstFree(schedule, new Set(times), after);
            // Each account's post keeps the versions it receives: its network's and its own.
            const versions = values.versions.filter(
              (v) => v.platform === key.platform && (v.account === undefined || v.account === key.accountId),
            );
            const postValues = { ...values, versions, scheduledAt: at };
            const choice = [{ platform: key.platform as Platform, accountId: key.accountId }];
            let post: PostWithTargets | undefined;
            if (i === 0 && before)
              await repo.rewrite(tx, actor.workspace.id, before.id, postValues, choice, links);
            else post = await repo.insert(tx, scopeOf(actor), postValues, choice, links);
            const postId = post?.id ?? before!.id;
            if (next)
              await queue.place(tx, key, layOut(schedule, taken, after, [postId, ...order]), schedule.paused);
            else await queue.claim(tx, key, postId, at, schedule.paused);
            // Answered from the insert's rows where they say it all; else read back below.
            posts.push({ id: postId, row: post && !links.length && !schedule.paused ? post : undefined });
          }
          return posts;
        },
      );
      changes.touch('posts', actor.workspace.id);
      const read = await repo.findMany(
        actor.workspace.id,
        made.filter((p) => !p.row).map((p) => p.id),
      );
      const rows = made.map((p) => p.row ?? read.find((r) => r.id === p.id)!);
      // As create: a post's writing is on its history from the post itself; one that waits tells approvers.
      for (const post of rows)
        if (post.status === 'awaiting_approval' || post.id === before?.id)
          await told(actor, post, post.id === before?.id ? before : undefined);
      const connectionsNow = await statesOf(actor.workspace.id);
      return rows.map((post) => toPost(post, connectionsNow));
    },
    /**
     * What creating this post would refuse, without writing it: the error `create` (or "Add to queue")
     * would throw, or null. A bulk import's preview asks this of every row (issue 27).
     */
    async check(actor: SessionUser, input: PostInput): Promise<AppError | null> {
      try {
        await prepare(actor, input);
        return null;
      } catch (error) {
        if (error instanceof AppError) return error;
        throw error;
      }
    },
    /**
     * A bulk import's posts (issue 27), all or none, in one transaction under the locks of every queue they
     * go to: dated rows as `create` makes them; queued rows one post per account, each at its queue's first
     * free slot in the file's order. `record` writes beside each row's posts (in the same transaction);
     * `progress` hears how many rows are written. A row the service refuses fails the whole import, saying
     * which (`row` in the error's params).
     */
    async importMany(
      actor: SessionUser,
      rows: { row: number; input: PostInput }[],
      record: (tx: Db, written: { row: number; postIds: string[] }[]) => Promise<void>,
      progress: (done: number) => void = () => {},
    ): Promise<number> {
      const prepared: ({ row: number; input: PostInput } & Awaited<ReturnType<typeof prepare>>)[] = [];
      for (const { row, input } of rows) {
        try {
          prepared.push({ row, input, ...(await prepare(actor, input)) });
        } catch (error) {
          throw rowRefused(row, error);
        }
      }
      const connections = await statesOf(actor.workspace.id);
      const keyOf = (t: { platform: string; accountId: string | null }, row: number): QueueKey => {
        const account = accountOf(connections, t);
        if (!account)
          throw rowRefused(row, invalid('accounts', 'queue.accountNotConnected', 'not connected'));
        return { workspaceId: actor.workspace.id, platform: account.platform, accountId: account.accountId };
      };
      const keys = prepared.flatMap((p) =>
        p.input.action === 'queue' ? p.targets.map((t) => keyOf(t, p.row)) : [],
      );
      const after = new Date(clock().getTime() + QUEUE_LEAD_MS);
      const scope = scopeOf(actor);
      let posts = 0;
      const waiting: { postId: string; scheduledAt: Date | null }[] = [];
      await queue.locked(keys, async (tx) => {
        // Each queue read once: its schedule, and the instants its posts and skips hold, as they fill.
        const queues = new Map<string, { schedule: ScheduleRow; taken: Set<number>; queued: number }>();
        const queueOf = async (key: QueueKey, row: number) => {
          const name = `${key.platform}:${key.accountId}`;
          let state = queues.get(name);
          if (!state) {
            const schedule = await queue.schedule(key, tx);
            if (!schedule?.times.length)
              throw rowRefused(row, noSchedule(accountOf(connections, key)!.username));
            const { times, posts: queued } = await queue.takenInstants(key, after, tx);
            state = { schedule, taken: new Set(times), queued };
            queues.set(name, state);
          }
          return state;
        };
        // Written a chunk at a time: a handful of statements per chunk, whatever its number of posts.
        for (let from = 0; from < prepared.length; from += IMPORT_CHUNK) {
          const chunk = prepared.slice(from, from + IMPORT_CHUNK);
          const items: Parameters<PostsRepo['insertMany']>[2] = [];
          const slots: Parameters<QueueRepo['claimMany']>[1] = [];
          const written: { row: number; postIds: string[] }[] = [];
          for (const { row, input, values, links, targets } of chunk) {
            const postIds: string[] = [];
            if (input.action !== 'queue') {
              const id = randomUUID();
              items.push({ id, values, choices: targets, links });
              postIds.push(id);
            } else {
              for (const target of targets) {
                const key = keyOf(target, row);
                const state = await queueOf(key, row);
                if (state.queued >= QUEUE_POSTS_MAX) throw rowRefused(row, queueFull());
                const at = firstFree(state.schedule, state.taken, after);
                state.taken.add(at.getTime());
                state.queued += 1;
                // Each account's post keeps the versions it receives: its network's and its own.
                const versions = values.versions.filter(
                  (v) =>
                    v.platform === key.platform && (v.account === undefined || v.account === key.accountId),
                );
                const id = randomUUID();
                items.push({
                  id,
                  values: { ...values, versions, scheduledAt: at },
                  choices: [{ platform: key.platform as Platform, accountId: key.accountId }],
                  links,
                  held: state.schedule.paused,
                });
                slots.push({ ...key, postId: id, at });
                postIds.push(id);
              }
            }
            written.push({ row, postIds });
          }
          await repo.insertMany(tx, scope, items);
          for (const item of items)
            if (item.values.status === 'awaiting_approval')
              waiting.push({ postId: item.id, scheduledAt: item.values.scheduledAt });
          await queue.claimMany(tx, slots);
          await record(tx, written);
          posts += items.length;
          progress(from + chunk.length);
        }
      });
      changes.touch('posts', actor.workspace.id);
      // A contributor's imported posts wait for approval, each on its history; they are listed where
      // approvers look, without a mail per post.
      if (waiting.length)
        await notices.record(
          waiting.map(({ postId, scheduledAt }) => ({
            postId,
            actorId: actor.id,
            actorName: actor.name,
            kind: 'approval_requested' as const,
            details: { scheduledAt },
          })),
        );
      return posts;
    },
    /**
     * Sends the failed targets of a post again, now; the published ones are left alone. A contributor in
     * a workspace that asks for approval sends again only what was approved.
     */
    async retry(actor: SessionUser, id: string) {
      const post = await mine(actor, id);
      if (!post.targets.some((t) => t.status === 'failed'))
        throw new AppError(409, 'NOTHING_TO_RETRY', 'No network of this post has failed.');
      assertMayPublish(actor);
      if (asksApproval(actor) && post.approvalHash !== approvalHashOf(shapeOf(post)))
        throw approvalRequired();
      const after = await repo.retryFailed(actor.workspace.id, id, clock());
      await notices.record([{ postId: id, actorId: actor.id, actorName: actor.name, kind: 'retried' }]);
      return saved(actor, after, post);
    },
    /**
     * A draft copy of a post the actor may read (issue 26, the card's Duplicate): its content, networks
     * and accounts, and media with their alt texts and edits; its date when that is still ahead.
     */
    async duplicate(actor: SessionUser, id: string) {
      const post = await own(actor, id);
      const ahead =
        post.scheduledAt && post.scheduledAt.getTime() > clock().getTime() ? post.scheduledAt : null;
      const seen = new Set<string>();
      const choices = post.targets.flatMap((t) => {
        const key = targetKey(t);
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ platform: t.platform as Platform, accountId: t.accountId }];
      });
      const copy = await repo.create(
        scopeOf(actor),
        {
          contentHtml: post.contentHtml,
          versions: post.versions,
          status: 'draft',
          scheduledAt: ahead,
          timezone: post.timezone,
        },
        choices,
        post.media.map((m) => ({ id: m.id, edits: m.edits, alt: m.alt })),
      );
      return saved(actor, copy);
    },
    /**
     * Moves the post to `date`, keeping its time of day on the clocks of its own time zone; with `time`,
     * to that time on the clock of `timezone` (else its own), which becomes its zone.
     */
    async reschedule(actor: SessionUser, id: string, { date, time, timezone }: RescheduleBody) {
      const post = await mine(actor, id);
      editable(post);
      if (!post.scheduledAt)
        throw new AppError(409, 'NOT_SCHEDULED', 'This post has no date yet: schedule it first.');
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const zone = time && timezone ? timezone : post.timezone;
      const { hour, minute } = time
        ? { hour: Number(time.slice(0, 2)), minute: Number(time.slice(3)) }
        : zonedParts(post.scheduledAt, post.timezone);
      const scheduledAt = zonedTimeToInstant(year, month, day, hour, minute, zone);
      const newZone = zone === post.timezone ? undefined : zone;
      const waiting = post.status === 'awaiting_approval' || post.status === 'not_approved';
      if (post.status === 'scheduled' || waiting) {
        assertMayPublish(actor);
        if (scheduledAt.getTime() < clock().getTime() - PAST_TOLERANCE_MS)
          throw invalid('date', 'posts.scheduledAtPast', 'in the past');
      }
      // A new time is a new thing to approve: a contributor's move asks again; a move by one who may
      // schedule without approval schedules a post that was not approved in time.
      if ((post.status === 'scheduled' && asksApproval(actor)) || waiting) {
        const status = asksApproval(actor) ? 'awaiting_approval' : 'scheduled';
        if (!(await statusRepo.moveTo(actor.workspace.id, id, status, scheduledAt, clock(), newZone)))
          throw new AppError(
            409,
            'POST_LOCKED',
            'This post has started going out and can no longer be moved.',
          );
        await queue.release(actor.workspace.id, id);
        const after = (await repo.find(actor.workspace.id, id))!;
        await told(actor, after, post);
        return saved(actor, after, post);
      }
      const after = await repo.setScheduledAt(actor.workspace.id, id, scheduledAt, newZone);
      await queue.release(actor.workspace.id, id);
      await told(actor, after, post);
      return saved(actor, after, post);
    },
    async remove(actor: SessionUser, id: string) {
      const post = await mine(actor, id);
      if (post.targets.some((t) => t.status === 'publishing'))
        throw new AppError(
          409,
          'POST_LOCKED',
          'This post is being published right now; try again in a moment.',
        );
      await repo.remove(actor.workspace.id, id);
      changes.touch('posts', actor.workspace.id, [post.scheduledAt]);
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
