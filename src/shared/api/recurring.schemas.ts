import { InsightsSchema } from './ai.schemas';
import { instantField, YEAR_MIN } from './fields';
import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { MediaSchema } from './media.schemas';
import {
  POST_CONTENT_FIELDS,
  PostVersionSchema,
  TARGET_STATUSES,
  TimeZoneSchema,
  VersionsWriteSchema,
  VideoEditsSchema,
} from './posts.schemas';

/**
 * Recurring posts (spec section 2, Recurring Posts manager; DESIGN.md section 8). A rule in the owner's
 * IANA zone, read by rrule: the wall-clock time of `startDate` in `timezone` is kept across daylight
 * saving; monthly on a day a month lacks (the 31st) skips that month. No end means forever.
 */
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** rrule's weekday order: 0 is Monday … 6 is Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const INTERVAL_MAX = 999;
/** "End after N occurrences", and the most occurrences one call lists. */
export const OCCURRENCES_MAX = 366;
/** Recurring posts one user may keep: each makes posts on its own, and the list answers them all. */
export const RECURRING_POSTS_MAX = 100;
/**
 * A rule's HTML: 20,000 characters hold the longest text any network but Facebook takes (4,000) with its
 * markup several times over; a full list of rules stays near 2 MB. A longer one-off post is still a post.
 */
export const RECURRING_CONTENT_MAX = 20_000;
/** The earliest year of a start date (fields.ts says why). */
export const RECURRING_YEAR_MIN = YEAR_MIN;

/** A whole number, sent as a number; anything else (text, a fraction, 0, a negative) names the rule broken. */
const IntervalSchema = z
  .number('recurring.intervalRequired')
  .int('recurring.intervalInteger')
  .gt(0, 'recurring.intervalPositive')
  .max(INTERVAL_MAX, 'recurring.intervalTooLarge');

export const RecurringWriteSchema = z
  .object({
    ...POST_CONTENT_FIELDS,
    content: z.string().max(RECURRING_CONTENT_MAX, 'recurring.contentTooLong'),
    /** Networks' and accounts' own versions (issue 26), as a post's: each occurrence receives them. */
    versions: VersionsWriteSchema,
    /** The first occurrence, as an instant; its wall-clock time in `timezone` is the time of every occurrence. */
    startDate: instantField('recurring.startDateRequired', 'recurring.startDateTooEarly'),
    /** No occurrence after this instant. Absent or null: no end date. */
    endDate: instantField('recurring.endDateInvalid', 'posts.dateTooEarly').nullish(),
    /** End after this many occurrences (counted from startDate, skipped ones included). */
    count: z
      .number('recurring.countInvalid')
      .int('recurring.countInvalid')
      .min(1, 'recurring.countInvalid')
      .max(OCCURRENCES_MAX, 'recurring.countInvalid')
      .nullish(),
    frequency: z.enum(FREQUENCIES, 'recurring.frequencyRequired').default('weekly'),
    interval: IntervalSchema.default(1),
    /** Weekly only: the weekdays (0 Monday … 6 Sunday). Empty or absent: the weekday of startDate. */
    weekdays: z
      .array(z.number().int().min(0, 'recurring.weekdaysInvalid').max(6, 'recurring.weekdaysInvalid'))
      .max(7, 'recurring.weekdaysInvalid')
      .refine((list) => new Set(list).size === list.length, 'recurring.weekdaysInvalid')
      .default([]),
    timezone: TimeZoneSchema,
  })
  .refine((r) => !r.endDate || Date.parse(r.endDate) > Date.parse(r.startDate), {
    path: ['endDate'],
    message: 'recurring.endBeforeStart',
  });
export type RecurringWrite = z.input<typeof RecurringWriteSchema>;
export type RecurringInput = z.output<typeof RecurringWriteSchema>;

/** An occurrence that was not published because the server was down past the grace period. */
export const SkippedOccurrenceSchema = z.object({ at: z.string(), reason: z.enum(['missed']) });

export const RecurringPostSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  /** The accounts chosen where a network has several (connected ones); see posts' `accounts`. */
  accounts: z.array(z.uuid()),
  /** Networks' and accounts' own versions, as a post's. */
  versions: z.array(PostVersionSchema),
  media: z.array(MediaSchema.extend({ edits: VideoEditsSchema.nullable(), alt: z.string() })),
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().int().nullable(),
  frequency: z.enum(FREQUENCIES),
  interval: z.number().int(),
  weekdays: z.array(z.number().int()),
  timezone: z.string(),
  /** The next occurrence not yet turned into a post; null when the rule has ended. */
  nextScheduledDate: z.string().nullable(),
  /** False once the end date or the count is behind us. */
  active: z.boolean(),
  /** The most recent skipped occurrences (newest first, at most 20) and how many in all. */
  skipped: z.array(SkippedOccurrenceSchema),
  skippedTotal: z.number().int(),
  /** Posts already made from this rule, newest first (at most 10), with their status per network. */
  occurrences: z.array(
    z.object({
      postId: z.uuid(),
      at: z.string(),
      targets: z.array(z.object({ platform: z.enum(PLATFORMS), status: z.enum(TARGET_STATUSES) })),
    }),
  ),
  /** The newest AI insights of its content, computed (offline) after each save; null before the first. */
  aiInsights: InsightsSchema.nullable(),
  /**
   * Whether it makes posts (issue 25): `approved`, or, for a contributor's rule where the workspace asks
   * for approval, `awaiting_approval` until approved once, or `rejected` (sent back, with `reviewNote`).
   */
  approvalStatus: z.enum(['approved', 'awaiting_approval', 'rejected']),
  /** What an approval binds to (POST /api/recurring-posts/:id/approve). */
  contentHash: z.string(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringPost = z.infer<typeof RecurringPostSchema>;

export const RecurringListSchema = z.object({ data: z.array(RecurringPostSchema) });
export const RecurringIdParamsSchema = z.object({ id: z.uuid('errors.validation') });
