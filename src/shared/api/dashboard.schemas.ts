import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { DraftSummarySchema } from './drafts.schemas';
import { POST_STATUSES, TARGET_BLOCKERS, TARGET_STATUSES } from './posts.schemas';

/** How far ahead "upcoming" looks, and how many items each list of the dashboard holds at most. */
export const UPCOMING_DAYS = 7;
export const DASHBOARD_LIST_MAX = 10;
export const DASHBOARD_DRAFTS_MAX = 5;

/** A network of a post as the dashboard shows it: the fields beyond its status only when they say something. */
export const DashboardTargetSchema = z.object({
  platform: z.enum(PLATFORMS),
  status: z.enum(TARGET_STATUSES),
  /** The name of the account it goes to, when one is connected. */
  account: z.string().optional(),
  /** Why it cannot go out as things stand (no account, account needs reconnecting). */
  blocked: z.enum(TARGET_BLOCKERS).optional(),
  /** The live post, once published (a web link). */
  remoteUrl: z.string().optional(),
  publishedAt: z.string().optional(),
  /** While `retrying`: when the next try is due. */
  nextAttemptAt: z.string().optional(),
  /** Why it failed: a code the web translates, and the text (the network's own words when there is no code). */
  lastErrorCode: z.string().optional(),
  lastError: z.string().optional(),
});
export type DashboardTarget = z.infer<typeof DashboardTargetSchema>;

export const DashboardPostSchema = z.object({
  id: z.uuid(),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string().nullable(),
  /** The moment the list is about: when it goes out (upcoming), came out (recent) or last failed (failures). */
  at: z.string(),
  /** The content as card HTML (bare b, i, em, strong, span), cut with '…'. */
  card: z.string(),
  targets: z.array(DashboardTargetSchema),
});
export type DashboardPost = z.infer<typeof DashboardPostSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Everything that belongs in the list, beyond the items shown. */
    total: z.number().int(),
  });

export const DashboardSchema = z.object({
  /** Scheduled (or being published) within the next UPCOMING_DAYS days, soonest first. */
  upcoming: listOf(DashboardPostSchema),
  /** Published or partly failed, newest first, with each network's live post. */
  recent: listOf(DashboardPostSchema),
  /** Posts with a network that failed, the latest failure first; Retry sends those networks again. */
  failures: listOf(DashboardPostSchema),
  /** Connected accounts a network stopped accepting: posts to them cannot go out until reconnected. */
  reconnect: z.array(
    z.object({ platform: z.enum(PLATFORMS), username: z.string(), reason: z.string().nullable() }),
  ),
  /**
   * Posts waiting for approval (issue 25), soonest first (those to go out once approved first of all):
   * all of the workspace's for a member who may approve, else the member's own.
   */
  awaiting: listOf(DashboardPostSchema),
  /** Recurring posts waiting for their one approval, counted as `awaiting` is (issue 25). */
  awaitingRecurring: z.number().int(),
  /** The newest drafts, dated or not. */
  drafts: listOf(DraftSummarySchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
