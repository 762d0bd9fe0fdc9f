import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { parseWebhookUrl } from './webhooks.schemas';

/** What a feed's new items become: drafts, posts in the accounts' queues, or posts published at once. */
export const FEED_MODES = ['draft', 'queue', 'publish'] as const;
export type FeedMode = (typeof FEED_MODES)[number];
export const FEED_INTERVALS = [15, 30, 60, 180, 360, 720, 1440] as const;
export const FEEDS_MAX = 50;
export const FEED_TEMPLATE_MAX = 2000;
/** The placeholders a feed's template fills from each item. */
export const FEED_PLACEHOLDERS = ['title', 'link', 'summary', 'author'] as const;
export const FEED_DEFAULT_TEMPLATE = '{{title}} {{link}}';

/** Why a feed's last read failed, as the web words it (`feeds.errors.<code>`). */
export const FEED_ERRORS = [
  'address_refused',
  'scheme_refused',
  'unreachable',
  'timeout',
  'tls_error',
  'http_status',
  'too_large',
  'too_many_redirects',
  'not_a_feed',
  'owner_left',
] as const;
export type FeedError = (typeof FEED_ERRORS)[number];

const FeedUrlSchema = z
  .string()
  .trim()
  .max(2000, 'feeds.urlInvalid')
  .refine((url) => parseWebhookUrl(url).ok, 'feeds.urlInvalid');

export const FeedWriteSchema = z.object({
  url: FeedUrlSchema,
  platforms: z
    .array(z.enum(PLATFORMS, 'posts.platformInvalid'))
    .min(1, 'posts.platformsRequired')
    .refine((list) => new Set(list).size === list.length, 'posts.platformsDuplicate'),
  /** Where a network has several connected accounts, the ones to post to (ids of GET /api/social/accounts). */
  accounts: z.array(z.uuid('posts.accountUnknown')).max(60, 'errors.validation').default([]),
  template: z
    .string()
    .trim()
    .min(1, 'feeds.templateRequired')
    .max(FEED_TEMPLATE_MAX, 'feeds.templateTooLong')
    .default(FEED_DEFAULT_TEMPLATE),
  mode: z.enum(FEED_MODES, 'errors.validation'),
  intervalMinutes: z
    .number('errors.validation')
    .int('errors.validation')
    .refine((n) => (FEED_INTERVALS as readonly number[]).includes(n), 'errors.validation')
    .default(60),
  paused: z.boolean('errors.validation').default(false),
  /** Each item's post rewritten by the configured model (GET /api/ai/status) from the filled template. */
  rewrite: z.boolean('errors.validation').default(false),
});
export type FeedWrite = z.input<typeof FeedWriteSchema>;
export type FeedInput = z.output<typeof FeedWriteSchema>;

export const FeedSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  accounts: z.array(z.uuid()),
  template: z.string(),
  mode: z.enum(FEED_MODES),
  intervalMinutes: z.number().int(),
  paused: z.boolean(),
  rewrite: z.boolean(),
  lastReadAt: z.string().nullable(),
  nextReadAt: z.string(),
  lastError: z.enum(FEED_ERRORS).nullable(),
  /** The HTTP status of an `http_status` error, or the parser's words for `not_a_feed`. */
  lastErrorDetail: z.string().nullable(),
  failures: z.number().int(),
  /** Items it has had, and how many of them became posts. */
  items: z.number().int(),
  posted: z.number().int(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof FeedSchema>;
/** `ai`: whether a model is configured, so that a feed's items can be rewritten. */
export const FeedListSchema = z.object({ data: z.array(FeedSchema), ai: z.boolean() });
export type FeedList = z.infer<typeof FeedListSchema>;
export const FeedIdParamsSchema = z.object({ id: z.uuid('errors.validation') });

/** A feed's template filled from an item: unknown placeholders stay as written, so a typo shows. */
export function fillFeedTemplate(
  template: string,
  item: Partial<Record<(typeof FEED_PLACEHOLDERS)[number], string>>,
) {
  return template.replace(
    /\{\{\s*(title|link|summary|author)\s*\}\}/g,
    (whole, name: keyof typeof item) => item[name] ?? whole,
  );
}
