import { can } from '../../shared/workspaces/rules';
import {
  DASHBOARD_DRAFTS_MAX,
  DASHBOARD_LIST_MAX,
  type Dashboard,
  type DashboardPost,
  UPCOMING_DAYS,
} from '../../shared/api/dashboard.schemas';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import type { DraftList } from '../../shared/api/drafts.schemas';
import { CARD_MAX, cardHtml } from '../../shared/card-html';
import type { Platform } from '../../shared/platforms/rules';
import type { SessionUser } from '../auth/session';
import type { ConnectionRow } from '../connections/connections.repo';
import { accountOf, blockerOf } from '../connections/accounts';
import type { DashboardRepo, DashboardRow } from './dashboard.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

type Accounts = readonly ConnectionRow[];

/** A post of a list: its card, and of each target only what is set (a live link only if it is a web link). */
const toItem = (row: DashboardRow, accounts: Accounts): DashboardPost => ({
  id: row.id,
  status: row.status,
  scheduledAt: row.scheduledAt?.toISOString() ?? null,
  at: row.at.toISOString(),
  card: cardHtml(row.contentHtml, CARD_MAX),
  targets: row.targets.map((t) => {
    // A draft is going nowhere: nothing stands in its way (as on the calendar's card).
    const blocked = row.status === 'draft' ? null : blockerOf(accounts, t);
    const account = accountOf(accounts, t);
    return {
      platform: t.platform as Platform,
      status: t.status,
      ...(account ? { account: account.username } : {}),
      ...(blocked ? { blocked } : {}),
      ...(t.status === 'published' && t.remoteUrl && isWebLink(t.remoteUrl)
        ? { remoteUrl: t.remoteUrl }
        : {}),
      ...(t.publishedAt ? { publishedAt: t.publishedAt.toISOString() } : {}),
      ...(t.status === 'retrying' && t.nextAttemptAt ? { nextAttemptAt: t.nextAttemptAt.toISOString() } : {}),
      ...(t.status === 'failed' || t.status === 'retrying'
        ? {
            ...(t.lastErrorCode ? { lastErrorCode: t.lastErrorCode } : {}),
            ...(t.lastError ? { lastError: t.lastError } : {}),
          }
        : {}),
    };
  }),
});

export interface DashboardServiceDeps {
  repo: DashboardRepo;
  /** The user's connected accounts. */
  connections: (workspaceId: WorkspaceId) => Promise<ConnectionRow[]>;
  /** A page of the user's drafts (the posts feature's list). */
  drafts: (actor: SessionUser, limit: number, offset: number) => Promise<DraftList>;
  clock: () => Date;
}

/** The signed-in user's start page: what is coming, what came out, what failed, what needs them. */
export function createDashboardService({ repo, connections, drafts, clock }: DashboardServiceDeps) {
  return {
    async get(actor: SessionUser): Promise<Dashboard> {
      const until = new Date(clock().getTime() + UPCOMING_DAYS * DAY_MS);
      const approver = can(actor.workspace.role, 'approve');
      const [upcoming, recent, failures, accounts, latestDrafts, awaiting, awaitingRecurring] =
        await Promise.all([
          repo.upcoming(actor.workspace.id, until, DASHBOARD_LIST_MAX),
          repo.recent(actor.workspace.id, DASHBOARD_LIST_MAX),
          repo.failures(actor.workspace.id, DASHBOARD_LIST_MAX),
          connections(actor.workspace.id),
          drafts(actor, DASHBOARD_DRAFTS_MAX, 0),
          repo.awaiting(actor.workspace.id, approver ? null : actor.id, DASHBOARD_LIST_MAX),
          repo.awaitingRecurring(actor.workspace.id, approver ? null : actor.id),
        ]);
      const items = (list: { rows: DashboardRow[]; total: number }) => ({
        items: list.rows.map((row) => toItem(row, accounts)),
        total: list.total,
      });
      return {
        upcoming: items(upcoming),
        recent: items(recent),
        failures: items(failures),
        reconnect: accounts
          .filter((c) => c.status === 'needs_reconnect')
          .sort((a, b) => a.platform.localeCompare(b.platform))
          .map((c) => ({ platform: c.platform as Platform, username: c.username, reason: c.statusReason })),
        awaiting: items(awaiting),
        awaitingRecurring,
        drafts: { items: latestDrafts.data, total: latestDrafts.total },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
