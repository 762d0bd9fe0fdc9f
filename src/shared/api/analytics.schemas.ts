import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { pageQueryFields } from './fields';

/** The widest range one call covers, and the range when none is given (the last 30 days, today included). */
export const ANALYTICS_RANGE_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_PAGE_MAX = 500;
/** The most rows a CSV export holds. */
export const ANALYTICS_EXPORT_MAX = 10_000;

/** A calendar day, YYYY-MM-DD, that exists. */
const DaySchema = z
  .string('analytics.dateInvalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'analytics.dateInvalid')
  .refine((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const check = new Date(Date.UTC(y, m - 1, day));
    return (
      y >= 2000 && check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === day
    );
  }, 'analytics.dateInvalid');

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Days in the reader's time zone, both included; either may be left out (then the last 30 days). */
const rangeShape = { from: DaySchema.optional(), to: DaySchema.optional() };
type RangeShape = { from?: string; to?: string };
const rangeRules = <T extends z.ZodType<RangeShape>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'analytics.rangeInvalid' })
    .refine((q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) < ANALYTICS_RANGE_MAX_DAYS, {
      path: ['to'],
      message: 'analytics.rangeTooLong',
    });

export const AnalyticsRangeQuerySchema = rangeRules(z.object(rangeShape));
export type AnalyticsRangeQuery = z.input<typeof AnalyticsRangeQuerySchema>;

export const ANALYTICS_SORTS = [
  'publishedAt',
  'platform',
  'likes',
  'shares',
  'comments',
  'reach',
  'impressions',
] as const;
export type AnalyticsSort = (typeof ANALYTICS_SORTS)[number];

export const AnalyticsPostsQuerySchema = rangeRules(
  z.object({
    ...rangeShape,
    sort: z.enum(ANALYTICS_SORTS, 'errors.validation').default('publishedAt'),
    order: z.enum(['asc', 'desc'], 'errors.validation').default('desc'),
    platform: z.enum(PLATFORMS, 'errors.validation').optional(),
    ...pageQueryFields(100, ANALYTICS_PAGE_MAX),
  }),
);
export type AnalyticsPostsQuery = z.output<typeof AnalyticsPostsQuerySchema>;

/** A figure: a count, or null when the network did not give it (never 0 for "unknown"). */
const Figure = z.number().int().nullable();

/** The range actually answered (defaults filled in), as days in the reader's time zone. */
const RangeSchema = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

export const PlatformSummarySchema = z.object({
  platform: z.enum(PLATFORMS),
  /** Published posts on this network in the range. */
  posts: z.number().int(),
  /** Sums of each post's latest reading; null when no post of this network gave the figure. */
  likes: Figure,
  shares: Figure,
  comments: Figure,
  reach: Figure,
  impressions: Figure,
  /** When the newest of those readings was taken; null before the first. */
  lastReadAt: z.string().nullable(),
});
export type PlatformSummary = z.infer<typeof PlatformSummarySchema>;

export const AnalyticsSummarySchema = z.object({
  range: RangeSchema,
  platforms: z.array(PlatformSummarySchema),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/**
 * Where a post's figures stand: still being read on the schedule, paused until the account is
 * reconnected, read to the end of the schedule, or its latest reading failed (with the code).
 */
export const COLLECTION_STATES = ['collecting', 'paused', 'finished', 'failed'] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];

export const AnalyticsPostSchema = z.object({
  postId: z.uuid(),
  platform: z.enum(PLATFORMS),
  /** The post's text, without markup, cut with '…'. */
  excerpt: z.string(),
  publishedAt: z.string(),
  /** The live post on the network. */
  remoteUrl: z.string().nullable(),
  likes: Figure,
  shares: Figure,
  comments: Figure,
  reach: Figure,
  impressions: Figure,
  /**
   * People's clicks on the post's short links on this network, and requests from link crawlers and other
   * bots (issue 27); null when it went out with no short link.
   */
  clicks: Figure,
  botClicks: Figure,
  /** When the figures shown were read; null before the first reading. */
  lastReadAt: z.string().nullable(),
  state: z.enum(COLLECTION_STATES),
  /**
   * Why the latest reading was paused or failed: a platform error code, which the web words for a reading
   * (`analytics.readErrors`, else `networkErrors`).
   */
  code: z.string().nullable(),
});
export type AnalyticsPost = z.infer<typeof AnalyticsPostSchema>;

export const AnalyticsPostListSchema = z.object({
  range: RangeSchema,
  items: z.array(AnalyticsPostSchema),
  total: z.number().int(),
});
export type AnalyticsPostList = z.infer<typeof AnalyticsPostListSchema>;

/**
 * Engagement gained each day (in the reader's time zone): what the readings taken that day added to
 * the figures before them. Days without a reading are listed with nulls.
 */
export const AnalyticsTimelineSchema = z.object({
  range: RangeSchema,
  days: z.array(
    z.object({
      day: z.string(),
      likes: Figure,
      shares: Figure,
      comments: Figure,
      readings: z.number().int(),
    }),
  ),
});
export type AnalyticsTimeline = z.infer<typeof AnalyticsTimelineSchema>;
