import { z } from 'zod';
import { instantField } from './fields';
import { PLATFORMS } from '../platforms/rules';
import { MediaSchema } from './media.schemas';
import { ACCOUNTS_PER_NETWORK_MAX } from './users.schemas';
import { isTimeZone } from '../time/zoned-day';

/**
 * `awaiting_approval`: a contributor asked to schedule it in a workspace that asks for approval (issue 25);
 * `not_approved`: its time came before anyone approved it, so it was not published.
 */
export const POST_STATUSES = [
  'draft',
  'awaiting_approval',
  'not_approved',
  'scheduled',
  'publishing',
  'published',
  'partially_failed',
  'failed',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const TARGET_STATUSES = ['pending', 'publishing', 'retrying', 'published', 'failed'] as const;
/** Why a pending target cannot go out as things stand: shown on the card before its time comes. */
export const TARGET_BLOCKERS = ['not_connected', 'needs_reconnect'] as const;
/** `queue`: into each chosen account's posting queue, at its next free slot (issue 26). */
export const POST_ACTIONS = ['draft', 'schedule', 'publish_now', 'queue'] as const;
/** Where "Add to queue" puts a post: the first free slot, or first in the queue ("Share next"). */
export const QUEUE_POSITIONS = ['last', 'next'] as const;
export const CONTENT_MAX = 100_000;
export const RANGE_MAX_DAYS = 366;

const PlatformSchema = z.enum(PLATFORMS, 'posts.platformInvalid');
export const TimeZoneSchema = z
  .string()
  .max(64, 'posts.timezoneInvalid')
  .refine(isTimeZone, 'posts.timezoneInvalid');
const InstantSchema = (message: string) => z.iso.datetime({ offset: true, message });

/** `cancelled`: stopped because no waiting post needed it; made again if one is scheduled (decision 033). */
export const RENDER_STATUSES = ['pending', 'rendering', 'ready', 'failed', 'cancelled'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];
/** Why a render failed (`videoRender.failures.<code>` on the web); `timeout`: it ran past its time bound. */
export const RENDER_FAILURES = ['no_ffmpeg', 'ffmpeg_failed', 'timeout', 'internal'] as const;
export type RenderFailure = (typeof RENDER_FAILURES)[number];
export const ASPECT_RATIOS = ['1:1', '4:5', '16:9'] as const;
export const CAPTION_POSITIONS = ['top', 'bottom'] as const;
export const CAPTION_STYLES = ['light', 'dark'] as const;

export const CaptionSchema = z.object({
  text: z.string().max(500, 'videoRender.captionTooLong'),
  position: z.enum(CAPTION_POSITIONS, 'errors.validation'),
  style: z.enum(CAPTION_STYLES, 'errors.validation'),
});

/** What the Edit Video dialog changes: the kept range (seconds), the frame, and caption overlays. */
export const VideoEditsSchema = z.object({
  trim: z
    .object({ start: z.number().min(0, 'posts.trimInvalid'), end: z.number().positive('posts.trimInvalid') })
    .refine((t) => t.end > t.start, 'posts.trimInvalid')
    .optional(),
  aspectRatio: z.enum(ASPECT_RATIOS, 'videoRender.ratioInvalid').default('16:9'),
  captions: z.array(CaptionSchema).max(10, 'errors.validation').default([]),
});
export type VideoEdits = z.infer<typeof VideoEditsSchema>;

const PostMediaInputSchema = z.object({
  id: z.uuid('posts.mediaNotFound'),
  edits: VideoEditsSchema.optional(),
  /** Alternative text of an image, for networks that take it. */
  alt: z.string().max(1000, 'errors.validation').default(''),
});

/**
 * Writing a post. `draft` may be incomplete; `schedule` needs `scheduledAt` (an instant, with the IANA
 * `timezone` it was chosen in, which keeps "same time of day" meaningful when it is moved); `publish_now`
 * is due at once. Both of the latter are checked against every selected network's rules.
 */
/** What a post and a recurring post both hold: HTML content, networks and uploaded media in order. */
export const POST_CONTENT_FIELDS = {
  content: z.string().max(CONTENT_MAX, 'posts.contentTooLong'),
  platforms: z
    .array(PlatformSchema)
    .max(PLATFORMS.length)
    .refine((list) => new Set(list).size === list.length, 'posts.platformsDuplicate'),
  /**
   * Where a network has several connected accounts, the ones to post to (ids from GET /api/social/accounts);
   * their networks are added to `platforms`. A network with none chosen goes to its first account.
   */
  accounts: z
    .array(z.uuid('posts.accountUnknown'))
    .max(PLATFORMS.length * ACCOUNTS_PER_NETWORK_MAX, 'errors.validation')
    .refine((list) => new Set(list).size === list.length, 'posts.accountsDuplicate')
    .default([]),
  /** Uploaded media (POST /api/media), in the order they appear. */
  media: z
    .array(PostMediaInputSchema)
    .max(15, 'errors.validation')
    .refine((list) => new Set(list.map((m) => m.id)).size === list.length, 'errors.validation')
    .default([]),
};

/**
 * A network's own version of a post (issue 26): its text and, when `media` is given, which of the post's
 * files it gets (ids from the post's `media`, in the post's order); without `media`, all of them. With
 * `account` (one of the post's chosen accounts of that network), that account's own version, before the
 * network's.
 */
export const PostVersionInputSchema = z.object({
  platform: PlatformSchema,
  account: z.uuid('posts.versionNotChosen').optional(),
  content: z.string().max(CONTENT_MAX, 'posts.contentTooLong'),
  media: z.array(z.uuid('posts.versionMediaUnknown')).max(15, 'errors.validation').optional(),
});
export type PostVersionInput = z.infer<typeof PostVersionInputSchema>;
/**
 * A version as stored with its post (`posts.versions`); `media` null: all of the post's files. `account`:
 * the network's id of the one account it is for (as a target keeps it); absent, the network's version.
 */
export interface StoredVersion {
  platform: string;
  account?: string;
  contentHtml: string;
  media: string[] | null;
}

/** Versions at most on one post: one per network, and one per account of each. */
export const VERSIONS_MAX = 60;

/**
 * A post's (or a recurring post's) versions as written: at most one per chosen network and one per chosen
 * account; the others get `content` and `media`.
 */
export const VersionsWriteSchema = z
  .array(PostVersionInputSchema)
  .max(VERSIONS_MAX, 'errors.validation')
  .refine(
    (list) => new Set(list.map((v) => `${v.platform} ${v.account ?? ''}`)).size === list.length,
    'posts.versionsDuplicate',
  )
  .default([]);

/**
 * The networks and accounts with a version of their own; `account`: the connected account's id (null: the
 * network's version, or an account no longer connected); `media` null: all of the post's files.
 */
export const PostVersionSchema = z.object({
  platform: PlatformSchema,
  account: z.uuid().nullable(),
  content: z.string(),
  media: z.array(z.uuid()).nullable(),
});

export const PostWriteSchema = z
  .object({
    ...POST_CONTENT_FIELDS,
    versions: VersionsWriteSchema,
    action: z.enum(POST_ACTIONS, 'posts.actionInvalid'),
    scheduledAt: instantField('posts.scheduledAtInvalid', 'posts.dateTooEarly').optional(),
    timezone: TimeZoneSchema,
    /** With `queue`: the first free slot of each account's queue, or the first slot ("Share next"). */
    queuePosition: z.enum(QUEUE_POSITIONS, 'errors.validation').default('last'),
  })
  .refine((post) => post.action !== 'schedule' || post.scheduledAt !== undefined, {
    path: ['scheduledAt'],
    message: 'posts.scheduledAtRequired',
  });
export type PostWrite = z.input<typeof PostWriteSchema>;
export type PostInput = z.output<typeof PostWriteSchema>;

/** The account a target goes to, as things stand; null when none of that network (or that one) is connected. */
const TargetAccountSchema = z.object({ id: z.uuid(), username: z.string() }).nullable();

export const PostTargetSchema = z.object({
  platform: PlatformSchema,
  account: TargetAccountSchema,
  status: z.enum(TARGET_STATUSES),
  attempts: z.number().int(),
  remoteUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  /** A stable code for `lastError` the web translates; null when the text is the network's own. */
  lastErrorCode: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** While `retrying`: when the next try is due. */
  nextAttemptAt: z.string().nullable(),
  /** Why it cannot go out now, if something stands in the way (no account, account needs reconnecting). */
  blocked: z.enum(TARGET_BLOCKERS).nullable(),
});
export type PostTarget = z.infer<typeof PostTargetSchema>;

export const PostSchema = z.object({
  id: z.uuid(),
  status: z.enum(POST_STATUSES),
  content: z.string(),
  platforms: z.array(PlatformSchema),
  /** The accounts chosen for it (connected ones); a network with none here goes to its first account. */
  accounts: z.array(z.uuid()),
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  /** The recurring post this one is an occurrence of; null for a single post or once the rule is deleted. */
  recurringId: z.uuid().nullable(),
  /** The occurrence this post was made for (recurring posts only). */
  occurrenceAt: z.string().nullable(),
  targets: z.array(PostTargetSchema),
  versions: z.array(PostVersionSchema),
  media: z.array(
    MediaSchema.extend({
      edits: VideoEditsSchema.nullable(),
      alt: z.string(),
      /** The edited video the networks receive: being made, made, or why it could not be. */
      render: z
        .object({ status: z.enum(RENDER_STATUSES), error: z.enum(RENDER_FAILURES).nullable() })
        .nullable()
        .optional(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who wrote it: a contributor changes only their own posts. */
  authorId: z.string(),
  /** What an approval binds to: its content, media, networks and time (POST /api/posts/:id/approve). */
  contentHash: z.string(),
  /** Why it was last sent back to draft by a reviewer; null when it was not. */
  reviewNote: z.string().nullable(),
});
export type Post = z.infer<typeof PostSchema>;

/** What "Add to queue" made: one post per account, each in a slot of its account's queue. */
export const QueuedPostsSchema = z.object({ data: z.array(PostSchema) });
export type QueuedPosts = z.infer<typeof QueuedPostsSchema>;

export const PostIdParamsSchema = z.object({ id: z.uuid('errors.validation') });

/** A calendar range: posts scheduled in [from, to), at most a year wide. */
export const PostRangeQuerySchema = z
  .object({ from: InstantSchema('posts.rangeInvalid'), to: InstantSchema('posts.rangeInvalid') })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'posts.rangeInvalid' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= RANGE_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: 'posts.rangeTooLong',
  });

/** A target as the calendar shows it: the fields beyond its network and status only when they say something. */
export const CalendarTargetSchema = z.object({
  platform: PlatformSchema,
  status: z.enum(TARGET_STATUSES),
  /** The name of the account it goes to, when one is connected. */
  account: z.string().optional(),
  /** Why it cannot go out now; never on a draft's targets. */
  blocked: z.enum(TARGET_BLOCKERS).optional(),
  /** While `retrying`: when the next try is due. */
  nextAttemptAt: z.string().optional(),
  lastErrorCode: z.string().optional(),
  lastError: z.string().optional(),
});
export type CalendarTarget = z.infer<typeof CalendarTargetSchema>;

/**
 * A post as the calendar shows it: a card, not the post (that is GET /api/posts/:id). A month holds
 * hundreds, so it carries no full content, media or timestamps, and leaves out what is empty.
 */
export const CalendarPostSchema = z.object({
  id: z.uuid(),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string().nullable(),
  /** The content as card HTML (only bare b, i, em, strong, span), at most CARD_MAX characters, '…' when cut. */
  card: z.string(),
  targets: z.array(CalendarTargetSchema),
  /** Present (true) on an occurrence of a recurring post. */
  recurring: z.literal(true).optional(),
  /** Present on a post waiting in an account's queue: 'paused' while that queue is paused (held, not sent). */
  queue: z.enum(['queued', 'paused']).optional(),
});
export type CalendarPost = z.infer<typeof CalendarPostSchema>;

export const PostListSchema = z.object({ data: z.array(CalendarPostSchema) });

/**
 * Move a post to another day and, with `time`, to another time of day (issue 26). Without `time` the time
 * of day stays as it was in the post's time zone; with it, `time` is read on the clock of `timezone` (the
 * post's own zone when left out), which becomes the post's zone.
 */
export const RescheduleBodySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'posts.dateInvalid')
    .refine((d) => {
      const [y, m, day] = d.split('-').map(Number) as [number, number, number];
      const check = new Date(Date.UTC(y, m - 1, day));
      return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === day;
    }, 'posts.dateInvalid'),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'posts.timeInvalid')
    .optional(),
  timezone: TimeZoneSchema.optional(),
});
export type RescheduleBody = z.infer<typeof RescheduleBodySchema>;

export const STATUS_PAGE_MAX = 100;

/** A page of the user's posts in one status (for scripts; the calendar reads by date range). */
export const PostStatusQuerySchema = z.object({
  status: z.enum(POST_STATUSES, 'errors.validation'),
  limit: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(STATUS_PAGE_MAX, 'errors.validation')
    .default(50),
  offset: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(0, 'errors.validation')
    .max(1_000_000, 'errors.validation')
    .default(0),
});

/** Whole posts (content, media, each network's result) and how many match in all. */
export const PostPageSchema = z.object({ data: z.array(PostSchema), total: z.number().int() });
