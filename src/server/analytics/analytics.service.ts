import type {
  AnalyticsPostList,
  AnalyticsPostsQuery,
  AnalyticsRangeQuery,
  AnalyticsSummary,
  AnalyticsTimeline,
  CollectionState,
} from '../../shared/api/analytics.schemas';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_EXPORT_MAX,
  ANALYTICS_RANGE_MAX_DAYS,
} from '../../shared/api/analytics.schemas';
import { htmlToText } from '../../shared/platforms/html-to-text';
import { PLATFORMS, type Platform } from '../../shared/platforms/rules';
import { startOfZonedDay, zonedParts } from '../../shared/time/zoned-day';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import type { SessionUser } from '../auth/session';
import { type ChangeFeed, createVersionedCache, NO_CHANGE_FEED } from '../db/change-feed';
import type { AnalyticsRepo, Span } from './analytics.repo';

type PlatformSummaryRow = Awaited<ReturnType<AnalyticsRepo['summary']>>[number];
import { csvLine } from './csv';

const EXCERPT_CHARS = 120;

export interface AnalyticsServiceDeps {
  repo: AnalyticsRepo;
  /** The database's change notifications: a summary is kept until a reading or a post of its user moves. */
  changes?: ChangeFeed;
  clock: () => Date;
  /** How many readings the schedule makes of each post: after the last one a post is "finished". */
  slotCount: number;
  /** Clicks on the short links of these posts, per post and network (issue 27). */
  clicksOf?: (
    workspaceId: WorkspaceId,
    postIds: string[],
  ) => Promise<{ post_id: string; platform: string; clicks: number; bots: number }[]>;
}

/** YYYY-MM-DD of a UTC date's calendar fields. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const shiftDay = (day: string, by: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000));
const startOf = (day: string, tz: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return startOfZonedDay(y, m, d, tz);
};

const excerptOf = (html: string) => {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
};

/** Analytics as the owner reads them: every call is about the caller's own posts, whatever their role. */
export function createAnalyticsService({
  repo,
  clock,
  slotCount,
  changes = NO_CHANGE_FEED,
  clicksOf = async () => [],
}: AnalyticsServiceDeps) {
  // The page asks for the summary on every visit and range change, and its figures move only when a
  // reading is stored (a few times a day per post): kept per (user, range, zone) until they move.
  const summaries = createVersionedCache<PlatformSummaryRow[]>({
    feed: changes,
    kind: 'posts',
    maxBytes: 4 * 1024 * 1024,
    sizeOf: (rows) => 200 + rows.length * 200,
  });
  // The profile's zone, kept until the user's row changes (its trigger says 'auth:<user>').
  const zones = createVersionedCache<string | null>({
    feed: changes,
    kind: 'auth',
    maxBytes: 1024 * 1024,
    sizeOf: () => 100,
  });

  /** The days asked for (the last 30 when left out) in the reader's zone, and the instants they span. */
  const resolve = async (actor: SessionUser, query: AnalyticsRangeQuery) => {
    const timeZone = (await zones.get(actor.id, 'timeZone', () => repo.timeZoneOf(actor.id))) ?? 'UTC';
    const { year, month, day } = zonedParts(clock(), timeZone);
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const maxTo = (from: string) => shiftDay(from, ANALYTICS_RANGE_MAX_DAYS - 1);
    const to =
      query.to ??
      (query.from ? [query.from > today ? query.from : today, maxTo(query.from)].sort()[0]! : today);
    const from = query.from ?? shiftDay(to, -(ANALYTICS_DEFAULT_DAYS - 1));
    const span: Span = { start: startOf(from, timeZone), end: startOf(shiftDay(to, 1), timeZone) };
    return { range: { from, to, timeZone }, span };
  };

  const stateOf = (row: { lastOutcome: string | null; lastSlot: number | null }): CollectionState => {
    if (row.lastOutcome === 'paused') return 'paused';
    if (row.lastOutcome === 'failed') return 'failed';
    if (row.lastOutcome === 'read' && row.lastSlot !== null && row.lastSlot >= slotCount - 1)
      return 'finished';
    return 'collecting';
  };

  const listPosts = async (actor: SessionUser, query: AnalyticsPostsQuery): Promise<AnalyticsPostList> => {
    const { range, span } = await resolve(actor, query);
    const { items, total } = await repo.posts(actor.workspace.id, span, query);
    const clicks = new Map(
      (await clicksOf(actor.workspace.id, [...new Set(items.map((i) => i.postId))])).map((c) => [
        `${c.post_id} ${c.platform}`,
        c,
      ]),
    );
    return {
      range,
      total,
      items: items.map((row) => ({
        postId: row.postId,
        platform: row.platform as Platform,
        excerpt: excerptOf(row.contentHtml),
        publishedAt: row.publishedAt,
        remoteUrl: row.remoteUrl,
        likes: row.likes,
        shares: row.shares,
        comments: row.comments,
        reach: row.reach,
        impressions: row.impressions,
        clicks: clicks.get(`${row.postId} ${row.platform}`)?.clicks ?? null,
        botClicks: clicks.get(`${row.postId} ${row.platform}`)?.bots ?? null,
        lastReadAt: row.lastReadAt,
        state: stateOf(row),
        code: row.lastOutcome === 'paused' || row.lastOutcome === 'failed' ? row.lastCode : null,
      })),
    };
  };

  return {
    async summary(actor: SessionUser, query: AnalyticsRangeQuery): Promise<AnalyticsSummary> {
      const { range, span } = await resolve(actor, query);
      const rows = await summaries.get(
        actor.workspace.id,
        `summary:${range.from}:${range.to}:${range.timeZone}`,
        () => repo.summary(actor.workspace.id, span),
      );
      // In the product's order of networks, whatever order the database grouped them in.
      const order = (platform: string) => PLATFORMS.indexOf(platform as Platform);
      return {
        range,
        platforms: rows
          .map((row) => ({ ...row, platform: row.platform as Platform }))
          .sort((a, b) => order(a.platform) - order(b.platform)),
      };
    },

    listPosts,

    async timeline(actor: SessionUser, query: AnalyticsRangeQuery): Promise<AnalyticsTimeline> {
      const { range, span } = await resolve(actor, query);
      const found = new Map(
        (await repo.timeline(actor.workspace.id, span, range.timeZone)).map((row) => [row.day, row]),
      );
      const days = [];
      for (let day = range.from; day <= range.to; day = shiftDay(day, 1))
        days.push(found.get(day) ?? { day, likes: null, shares: null, comments: null, readings: 0 });
      return { range, days };
    },

    /** Every post of the range (up to ANALYTICS_EXPORT_MAX) as CSV, newest first. */
    async exportCsv(actor: SessionUser, query: AnalyticsRangeQuery) {
      const list = await listPosts(actor, {
        ...query,
        sort: 'publishedAt',
        order: 'desc',
        limit: ANALYTICS_EXPORT_MAX,
        offset: 0,
      });
      const header = csvLine([
        'post_id',
        'platform',
        'published_at',
        'url',
        'likes',
        'shares',
        'comments',
        'reach',
        'impressions',
        'clicks',
        'bot_clicks',
        'last_read_at',
        'state',
        'code',
        'text',
      ]);
      const lines = list.items.map((row) =>
        csvLine([
          row.postId,
          row.platform,
          row.publishedAt,
          row.remoteUrl,
          row.likes,
          row.shares,
          row.comments,
          row.reach,
          row.impressions,
          row.clicks,
          row.botClicks,
          row.lastReadAt,
          row.state,
          row.code,
          row.excerpt,
        ]),
      );
      return { range: list.range, csv: header + lines.join('') };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
