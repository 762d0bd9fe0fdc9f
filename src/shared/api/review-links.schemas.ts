import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { MediaSchema } from './media.schemas';
import { COMMENT_MAX } from './comments.schemas';
import { VideoEditsSchema } from './posts.schemas';

/** How long a review link works unless told, and at most, in days. */
export const REVIEW_LINK_DAYS = 14;
export const REVIEW_LINK_DAYS_MAX = 90;
/** Posts one link shows at most; links a workspace keeps working at once at most. */
export const REVIEW_LINK_POSTS_MAX = 100;
export const REVIEW_LINKS_ACTIVE_MAX = 200;
/** The widest date range a link can be made for. */
export const REVIEW_RANGE_DAYS_MAX = 92;

const instant = z.iso.datetime({ offset: true, message: 'reviewLinks.rangeInvalid' });

/**
 * A link for chosen posts (`postIds`), or for everything scheduled or waiting for approval in
 * [`from`, `to`) on `platforms` (all networks when left out), resolved when it is made.
 */
export const CreateReviewLinkSchema = z
  .object({
    label: z.string('reviewLinks.labelTooLong').trim().max(100, 'reviewLinks.labelTooLong').default(''),
    postIds: z
      .array(z.uuid('reviewLinks.choosePosts'), 'reviewLinks.choosePosts')
      .min(1, 'reviewLinks.choosePosts')
      .max(REVIEW_LINK_POSTS_MAX, 'reviewLinks.tooManyPosts')
      .optional(),
    from: instant.optional(),
    to: instant.optional(),
    platforms: z.array(z.enum(PLATFORMS, 'posts.platformInvalid')).min(1, 'posts.platformInvalid').optional(),
    expiresInDays: z
      .number('reviewLinks.daysInvalid')
      .int('reviewLinks.daysInvalid')
      .min(1, 'reviewLinks.daysInvalid')
      .max(REVIEW_LINK_DAYS_MAX, 'reviewLinks.daysInvalid')
      .default(REVIEW_LINK_DAYS),
  })
  .refine((b) => (b.postIds ? !b.from && !b.to : Boolean(b.from && b.to)), {
    path: ['postIds'],
    message: 'reviewLinks.choosePosts',
  })
  .refine((b) => !b.from || !b.to || Date.parse(b.to) > Date.parse(b.from), {
    path: ['to'],
    message: 'reviewLinks.rangeInvalid',
  })
  .refine(
    (b) => !b.from || !b.to || Date.parse(b.to) - Date.parse(b.from) <= REVIEW_RANGE_DAYS_MAX * 86_400_000,
    { path: ['to'], message: 'reviewLinks.rangeTooWide' },
  );
export type CreateReviewLinkInput = z.input<typeof CreateReviewLinkSchema>;

/** A review link as the workspace's members see it. */
export const ReviewLinkSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  postCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ReviewLink = z.infer<typeof ReviewLinkSchema>;
export const ReviewLinkListSchema = z.object({ data: z.array(ReviewLinkSchema) });
/** A link just made: the only time its address is known (only its hash is kept). */
export const ReviewLinkMadeSchema = ReviewLinkSchema.extend({ link: z.string() });
export type ReviewLinkMade = z.infer<typeof ReviewLinkMadeSchema>;
export const ReviewLinkParamsSchema = z.object({ id: z.uuid('errors.notFound') });

export const ReviewTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'reviewLinks.notFound'),
});
export const ReviewPostParamsSchema = ReviewTokenParamsSchema.extend({ id: z.uuid('errors.notFound') });

/** The name a reviewer without an account gives, shown on the post's history and comments. */
const reviewerName = z
  .string('reviewLinks.nameRequired')
  .trim()
  .min(1, 'reviewLinks.nameRequired')
  .max(80, 'reviewLinks.nameTooLong');
const text = (required: string) =>
  z
    .string(required)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, required).max(COMMENT_MAX, 'comments.bodyTooLong'));

/** Approving binds to what the reviewer saw: the post's `contentHash` as the page showed it. */
export const ReviewApproveSchema = z.object({
  name: reviewerName,
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'approvals.changed'),
});
export type ReviewApproveInput = z.input<typeof ReviewApproveSchema>;
export const ReviewChangesSchema = z.object({
  name: reviewerName,
  comment: text('reviewLinks.changesRequired'),
});
export type ReviewChangesInput = z.input<typeof ReviewChangesSchema>;
export const ReviewCommentSchema = z.object({ name: reviewerName, body: text('comments.bodyRequired') });
export type ReviewCommentInput = z.input<typeof ReviewCommentSchema>;

/** One post as the review page shows it: what the networks will show, and what reviewers said. */
export const ReviewPostSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  /** Where it goes: each network, and the name of the account it publishes from there (null: none yet). */
  targets: z.array(z.object({ platform: z.enum(PLATFORMS), account: z.string().nullable() })),
  /**
   * Networks' and accounts' own versions (their text, and which files when not all): what those receive.
   * `account`: the name of the account it is for, as in `targets`; null: the network's.
   */
  versions: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      account: z.string().nullable(),
      content: z.string(),
      media: z.array(z.uuid()).nullable(),
    }),
  ),
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  /** Where it stands: waiting for an approval, scheduled, a draft (changes asked), published… */
  status: z.string(),
  contentHash: z.string(),
  /** Its files; `url` (and an image's `thumbnailUrl`) a signed address that works for an hour. */
  media: z.array(MediaSchema.extend({ alt: z.string(), edits: VideoEditsSchema.nullable() })),
  /** The last decision given through a review link, if any. */
  decision: z
    .object({ kind: z.enum(['approved', 'changes_requested']), by: z.string(), at: z.string() })
    .nullable(),
  /** Comments written through this link (never the team's own). */
  comments: z.array(z.object({ id: z.uuid(), by: z.string(), body: z.string(), at: z.string() })),
});
export type ReviewPost = z.infer<typeof ReviewPostSchema>;

export const ReviewPageSchema = z.object({
  workspace: z.string(),
  label: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  posts: z.array(ReviewPostSchema),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;
