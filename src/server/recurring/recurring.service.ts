import { can, needsApproval } from '../../shared/workspaces/rules';
import type { ApproveBody, RejectBody } from '../../shared/api/approvals.schemas';
import type { Recipient } from '../alerts/alerts.repo';
import type { MailService } from '../mail/mail.service';
import { approvalHashOf } from '../posts/approval-hash';
import { ruleApprovalMail } from './recurring.mails';
import { VideoEditsSchema } from '../../shared/api/posts.schemas';
import type { Insights } from '../../shared/api/ai.schemas';
import {
  type Frequency,
  RECURRING_POSTS_MAX,
  type RecurringInput,
  type RecurringPost,
} from '../../shared/api/recurring.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../shared/platforms/rules';
import { nextOccurrence, type RecurrenceFrequency, type RecurrenceRule } from '../../shared/recurrence';
import { type SessionUser, scopeOf, workspaceRoleForbids } from '../auth/session';
import { type Scope, type WorkspaceId, asWorkspaceId } from '../workspaces/workspaces.repo';
import { type ChangeFeed, NO_CHANGE_FEED } from '../db/change-feed';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import { toMedia } from '../media/media.service';
import {
  assertPublishable,
  type FindMedia,
  resolveMedia,
  resolveVersions,
  targetsOf,
  versionsOut,
} from '../posts/post-content';
import { chosenAccountIds, type KnownAccount, type TargetChoice, targetKey } from '../connections/accounts';
import type { MediaLink, PostsRepo } from '../posts/posts.repo';
import { sanitizePostHtml } from '../posts/sanitize';
import { planOccurrences } from './occurrence-plan';
import type { RecurringRepo, RecurringRow, RecurringValues, RecurringWithDetails } from './recurring.repo';

/** A start this far in the past still counts as "now" (a slow form): its first occurrence is made. */
const PAST_TOLERANCE_MS = 60_000;
/** Rules taken per transaction by the worker's round. */
const ROUND_BATCH = 50;

/** The rule's fields of a row (or of the values about to be written). */
type RuleFields = Pick<
  RecurringRow,
  'startAt' | 'endAt' | 'occurrenceCount' | 'frequency' | 'interval' | 'weekdays' | 'timezone'
>;

/** The targets each occurrence gets: one per chosen account, or the network's first where none is chosen. */
export const choicesOf = (row: Pick<RecurringRow, 'platforms' | 'accounts'>): TargetChoice[] =>
  (row.platforms as Platform[]).flatMap((platform): TargetChoice[] => {
    const mine = row.accounts.filter((a) => a.platform === platform);
    return mine.length
      ? mine.map((a) => ({ platform, accountId: a.accountId }))
      : [{ platform, accountId: null }];
  });

/**
 * What approving a rule binds to: its content and versions, media, networks and accounts, and the rule
 * itself.
 */
export const ruleHashOf = (
  row: RuleFields & Pick<RecurringRow, 'contentHtml' | 'versions' | 'platforms' | 'accounts'>,
  media: readonly { id: string; alt: string; edits: Record<string, unknown> | null }[],
) =>
  approvalHashOf({
    contentHtml: row.contentHtml,
    scheduledAt: row.startAt,
    platforms: choicesOf(row).map(targetKey),
    media,
    versions: row.versions,
    rule: {
      end: row.endAt?.toISOString() ?? null,
      count: row.occurrenceCount,
      frequency: row.frequency,
      interval: row.interval,
      weekdays: row.weekdays,
      timezone: row.timezone,
    },
  });

export const ruleOf = (row: RuleFields): RecurrenceRule => ({
  startDate: row.startAt,
  endDate: row.endAt,
  count: row.occurrenceCount,
  frequency: row.frequency as RecurrenceFrequency,
  interval: row.interval,
  weekdays: row.weekdays,
  timezone: row.timezone,
});

const toRecurring = (
  row: RecurringWithDetails,
  now: Date,
  accounts: readonly KnownAccount[],
  aiInsights: Insights | null = null,
): RecurringPost => {
  const approved = row.approvalStatus === 'approved';
  const next = approved ? nextOccurrence(ruleOf(row), now) : null;
  return {
    id: row.id,
    content: row.contentHtml,
    platforms: row.platforms as Platform[],
    accounts: chosenAccountIds(accounts, choicesOf(row)),
    versions: versionsOut(row.versions, accounts),
    media: row.media.map((m) => ({
      ...toMedia(m),
      edits: m.edits ? VideoEditsSchema.parse(m.edits) : null,
      alt: m.alt,
    })),
    startDate: row.startAt.toISOString(),
    endDate: row.endAt?.toISOString() ?? null,
    count: row.occurrenceCount,
    frequency: row.frequency as Frequency,
    interval: row.interval,
    weekdays: row.weekdays,
    timezone: row.timezone,
    nextScheduledDate: next?.toISOString() ?? null,
    active: next !== null,
    skipped: row.skipped.map((s) => ({ at: s.at.toISOString(), reason: s.reason })),
    skippedTotal: row.skippedTotal,
    occurrences: row.occurrences.map((o) => ({
      postId: o.postId,
      at: o.at.toISOString(),
      targets: o.targets.map((t) => ({ platform: t.platform as Platform, status: t.status })),
    })),
    aiInsights,
    approvalStatus: row.approvalStatus as RecurringPost['approvalStatus'],
    contentHash: ruleHashOf(
      row,
      row.media.map((m) => ({ id: m.id, alt: m.alt, edits: m.edits as Record<string, unknown> | null })),
    ),
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The AI insights a recurring post carries (the AI service; absent in tests that do not need it). */
export interface RecurringInsights {
  storeForRecurring(
    scope: Scope,
    id: string,
    html: string,
    platforms: readonly Platform[],
  ): Promise<Insights>;
  latestForRecurring(workspaceId: WorkspaceId, ids: string[]): Promise<Map<string, Insights>>;
}

export interface RecurringServiceDeps {
  repo: RecurringRepo;
  posts: Pick<PostsRepo, 'createOccurrence' | 'removeWaitingOccurrences'>;
  findMedia: FindMedia;
  /** The workspace's connected accounts, first connected first: where a rule's posts go. */
  accountsOf: (workspaceId: WorkspaceId) => Promise<KnownAccount[]>;
  clock: () => Date;
  assertMayPublish: (actor: SessionUser) => void;
  changes?: ChangeFeed;
  /** Occurrences due within this much time are made into posts (they show on the calendar). */
  horizonMs: number;
  /** A missed occurrence at most this late is still published (only the latest one). */
  graceMs: number;
  insights?: RecurringInsights;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
  /** Who may approve in a workspace and wants to be told, but `except` (the approvals repository). */
  approvers?: (workspaceId: string, except: string) => Promise<Recipient[]>;
  mail?: Pick<MailService, 'send'>;
  publicUrl?: string;
}

/**
 * Recurring posts: the rules (route → here → repo) and the worker's round that turns their occurrences
 * into ordinary scheduled posts, each with its publish jobs in the same transaction, keyed by (rule,
 * occurrence) so no number of workers makes one twice. Publishing never learns that recurrence exists.
 */
export function createRecurringService({
  repo,
  posts,
  findMedia,
  accountsOf,
  clock,
  assertMayPublish,
  changes = NO_CHANGE_FEED,
  horizonMs,
  graceMs,
  insights,
  logger,
  approvers,
  mail,
  publicUrl = '',
}: RecurringServiceDeps) {
  /** Makes the posts of the rule's occurrences due before now + horizon, records the missed, moves on. */
  const materialise = async (tx: Db, row: RecurringRow, links: MediaLink[], now: Date) => {
    if (!row.nextAt) return;
    const until = new Date(now.getTime() + horizonMs);
    const plan = planOccurrences(ruleOf(row), row.nextAt, now, until, graceMs);
    for (const at of plan.make) {
      await posts.createOccurrence(
        tx,
        { workspaceId: asWorkspaceId(row.workspaceId), userId: row.userId },
        {
          recurringId: row.id,
          at,
          contentHtml: row.contentHtml,
          versions: row.versions,
          timezone: row.timezone,
        },
        choicesOf(row),
        links,
      );
    }
    await repo.recordSkipped(tx, row.id, plan.skip);
    await repo.setNext(tx, row.id, plan.next);
  };

  const prepare = async (actor: SessionUser, input: RecurringInput, before?: RecurringRow) => {
    const contentHtml = sanitizePostHtml(input.content);
    const [{ facts, links }, accounts] = await Promise.all([
      resolveMedia(findMedia, actor.workspace.id, input.media),
      accountsOf(actor.workspace.id),
    ]);
    const chosen = targetsOf(accounts, input, before ? choicesOf(before) : []);
    const versions = resolveVersions(input.versions, chosen.targets, links, accounts);
    assertPublishable(
      contentHtml,
      facts,
      chosen.platforms,
      { code: 'RECURRING_INCOMPLETE', message: 'Please fill in all required fields' },
      versions,
      chosen.targets,
    );
    assertMayPublish(actor);
    const values: RecurringValues = {
      contentHtml,
      versions,
      platforms: chosen.platforms,
      accounts: chosen.targets.flatMap(({ platform, accountId }) =>
        accountId === null ? [] : [{ platform, accountId }],
      ),
      startAt: new Date(input.startDate),
      endAt: input.endDate ? new Date(input.endDate) : null,
      occurrenceCount: input.count ?? null,
      frequency: input.frequency,
      interval: input.interval,
      weekdays: input.frequency === 'weekly' ? [...input.weekdays].sort((a, b) => a - b) : [],
      timezone: input.timezone,
      nextAt: null,
      approvalStatus: 'approved',
      approvalHash: null,
      reviewNote: null,
    };
    // A rule publishes on its own: where a contributor asks for approval, their rule waits until an
    // approver approves it once; saving an approved rule unchanged keeps its approval (issue 25).
    const hash = ruleHashOf(values, links);
    const waits =
      needsApproval(actor.workspace.role, actor.workspace.approvalRequired) &&
      !(before?.approvalStatus === 'approved' && before.approvalHash === hash);
    if (waits) {
      values.approvalStatus = 'awaiting_approval';
      return { values, links, waits };
    }
    values.approvalHash = hash;
    // Occurrences before now are not "missed" when the rule is new or changed: it starts from now.
    values.nextAt = nextOccurrence(ruleOf(values), new Date(clock().getTime() - PAST_TOLERANCE_MS));
    return { values, links, waits };
  };

  /** A rule that starts waiting: those who may approve it are told by mail. */
  const asked = async (actor: SessionUser, row: RecurringRow) => {
    if (!approvers || !mail) return;
    for (const to of await approvers(row.workspaceId, actor.id))
      await mail.send(ruleApprovalMail(to, actor.name, row, publicUrl));
  };

  /** After a save: the first occurrences exist at once (on the calendar, and on time if due soon). */
  const materialiseNow = (links: MediaLink[]) => (tx: Db, row: RecurringRow) =>
    materialise(tx, row, links, clock());

  /**
   * Spec: "after a save AI insights are fetched for the content". The offline analysis is computed and
   * stored with the rule; if it fails the save still stands (the insights show as not there yet).
   */
  const saved = async (actor: SessionUser, row: RecurringWithDetails) => {
    changes.touch('posts', actor.workspace.id);
    let latest: Insights | null = null;
    try {
      latest =
        (await insights?.storeForRecurring(
          scopeOf(actor),
          row.id,
          row.contentHtml,
          row.platforms as Platform[],
        )) ?? null;
    } catch (error) {
      logger?.warn({ err: error }, 'recurring post saved without AI insights');
    }
    return toRecurring(row, clock(), await accountsOf(actor.workspace.id), latest);
  };
  const latestOf = async (workspaceId: WorkspaceId, ids: string[]) =>
    (await insights?.latestForRecurring(workspaceId, ids)) ?? new Map<string, Insights>();

  return {
    async list(actor: SessionUser) {
      const now = clock();
      const [rows, accounts] = await Promise.all([
        repo.list(actor.workspace.id),
        accountsOf(actor.workspace.id),
      ]);
      const latest = await latestOf(
        actor.workspace.id,
        rows.map((row) => row.id),
      );
      return { data: rows.map((row) => toRecurring(row, now, accounts, latest.get(row.id) ?? null)) };
    },
    async get(actor: SessionUser, id: string) {
      const row = await repo.find(actor.workspace.id, id);
      if (!row) throw notFound('This recurring post');
      const [latest, accounts] = await Promise.all([
        latestOf(actor.workspace.id, [id]),
        accountsOf(actor.workspace.id),
      ]);
      return toRecurring(row, clock(), accounts, latest.get(id) ?? null);
    },
    async create(actor: SessionUser, input: RecurringInput) {
      const { values, links, waits } = await prepare(actor, input);
      const row = await repo.create(
        scopeOf(actor),
        values,
        links,
        waits ? async () => {} : materialiseNow(links),
        RECURRING_POSTS_MAX,
      );
      if (!row)
        throw new AppError(
          409,
          'TOO_MANY_RECURRING_POSTS',
          `This workspace already has ${RECURRING_POSTS_MAX} recurring posts; delete one first.`,
          { params: { max: RECURRING_POSTS_MAX } },
        );
      if (waits) await asked(actor, row);
      return saved(actor, row);
    },
    /**
     * Changes the rule for the occurrences still to be made; posts already made keep their content. A
     * contributor's change, where approval is asked, waits again (its waiting occurrences go).
     */
    async update(actor: SessionUser, id: string, input: RecurringInput) {
      const before = await repo.find(actor.workspace.id, id);
      if (!before) throw notFound('This recurring post');
      // As with posts, a contributor changes only their own.
      if (before.userId !== actor.id && !can(actor.workspace.role, 'editOthersPosts'))
        throw workspaceRoleForbids();
      const { values, links, waits } = await prepare(actor, input, before);
      const row = await repo.replace(
        actor.workspace.id,
        id,
        values,
        links,
        // Waiting again, it keeps no posts made from what was approved before.
        waits ? (tx) => posts.removeWaitingOccurrences(tx, actor.workspace.id, id) : materialiseNow(links),
      );
      if (!row) throw notFound('This recurring post');
      if (waits && before.approvalStatus !== 'awaiting_approval') await asked(actor, row);
      return saved(actor, row);
    },
    /**
     * Approves a rule that waits, as the approver read it (`hash`): from then on it makes its
     * occurrences like any other, starting with the next one from now.
     */
    async approve(actor: SessionUser, id: string, { hash }: ApproveBody) {
      const row = await repo.find(actor.workspace.id, id);
      if (!row) throw notFound('This recurring post');
      if (row.approvalStatus !== 'awaiting_approval')
        throw new AppError(
          409,
          'NOT_AWAITING_APPROVAL',
          'This recurring post is not waiting for an approval.',
        );
      const media = row.media.map((m) => ({
        id: m.id,
        alt: m.alt,
        edits: m.edits as Record<string, unknown> | null,
      }));
      if (ruleHashOf(row, media) !== hash)
        throw new AppError(
          409,
          'POST_CHANGED',
          'This recurring post changed since you opened it: read it again first.',
        );
      const nextAt = nextOccurrence(ruleOf(row), new Date(clock().getTime() - PAST_TOLERANCE_MS));
      const approved = await repo.setApproval(
        actor.workspace.id,
        id,
        { from: 'awaiting_approval', updatedAt: row.updatedAt },
        { approvalStatus: 'approved', approvalHash: hash, reviewNote: null, nextAt },
        (tx, saved) => materialise(tx, saved, media, clock()),
      );
      if (!approved)
        throw new AppError(
          409,
          'POST_CHANGED',
          'This recurring post changed since you opened it: read it again first.',
        );
      return saved(actor, (await repo.find(actor.workspace.id, id))!);
    },
    /** Sends a waiting rule back to its author, with why: it makes no posts until changed and approved. */
    async reject(actor: SessionUser, id: string, { reason }: RejectBody) {
      const row = await repo.find(actor.workspace.id, id);
      if (!row) throw notFound('This recurring post');
      const done = await repo.setApproval(
        actor.workspace.id,
        id,
        { from: 'awaiting_approval', updatedAt: row.updatedAt },
        { approvalStatus: 'rejected', approvalHash: null, reviewNote: reason, nextAt: null },
        async () => {},
      );
      if (!done)
        throw new AppError(
          409,
          'NOT_AWAITING_APPROVAL',
          'This recurring post is not waiting for an approval.',
        );
      return saved(actor, (await repo.find(actor.workspace.id, id))!);
    },
    /** Stops the rule: its occurrences not yet going out go too; published and failed ones stay. */
    async remove(actor: SessionUser, id: string) {
      const rule = await repo.find(actor.workspace.id, id);
      if (rule && rule.userId !== actor.id && !can(actor.workspace.role, 'editOthersPosts'))
        throw workspaceRoleForbids();
      const gone = await repo.remove(actor.workspace.id, id, (tx) =>
        posts.removeWaitingOccurrences(tx, actor.workspace.id, id),
      );
      if (!gone) throw notFound('This recurring post');
      changes.touch('posts', actor.workspace.id);
    },
    /**
     * The worker's round: every rule with an occurrence due within the horizon, a batch per transaction.
     * Rules another worker holds are skipped (it is making them); answers how many rules were handled.
     */
    async makeDueOccurrences() {
      const now = clock();
      const until = new Date(now.getTime() + horizonMs);
      let handled = 0;
      for (;;) {
        const taken = await repo.claimDue(now, until, ROUND_BATCH, (tx, row, links) =>
          materialise(tx, row, links, now),
        );
        handled += taken;
        if (taken < ROUND_BATCH) return handled;
      }
    },
  };
}
export type RecurringService = ReturnType<typeof createRecurringService>;
