import { z } from 'zod';
import { pageQueryFields } from './fields';

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Spec section 9: images jpg/png/gif/webp up to 5 MB; any video up to 100 MB. */
export const MEDIA_LIMITS = {
  image: { maxMb: 5, maxFiles: 10 },
  video: { maxMb: 100, maxFiles: 5 },
} as const;
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp'] as const;

export const MediaUploadQuerySchema = z.object({ kind: z.enum(MEDIA_KINDS, 'errors.validation') });
export const MediaIdParamsSchema = z.object({ id: z.uuid('errors.validation') });

export const MediaSchema = z.object({
  id: z.uuid(),
  kind: z.enum(MEDIA_KINDS),
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof MediaSchema>;

/** What the server can do with media; without ffmpeg, edited videos cannot be rendered. */
export const MediaCapabilitiesSchema = z.object({ videoEditing: z.boolean() });
export type MediaCapabilities = z.infer<typeof MediaCapabilitiesSchema>;

/** The media storage the user takes (uploads, thumbnails, renders) and may take (MEDIA_QUOTA_MB). */
export const MediaStorageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type MediaStorage = z.infer<typeof MediaStorageSchema>;

/** The media library's page (issue 27): the page asks for this many at a time, no call gets more than the max. */
export const MEDIA_PAGE = 24;
export const MEDIA_PAGE_MAX = 100;
export const MEDIA_SEARCH_MAX = 200;
/** `used`: in a post or recurring post; `unused`: in none; `scheduled`: in one still to go out. */
export const MEDIA_USES = ['used', 'unused', 'scheduled'] as const;
/** How many of a file's uses the library names; `uses` counts them all. */
export const MEDIA_USED_IN_MAX = 3;

export const MediaListQuerySchema = z.object({
  q: z.string().trim().max(MEDIA_SEARCH_MAX, 'errors.validation').optional(),
  kind: z.enum(MEDIA_KINDS, 'errors.validation').optional(),
  use: z.enum(MEDIA_USES, 'errors.validation').optional(),
  ...pageQueryFields(MEDIA_PAGE, MEDIA_PAGE_MAX),
});
export type MediaListQuery = z.output<typeof MediaListQuerySchema>;

/**
 * A post or recurring post a file is in. `pending`: it has still to go out (scheduled, awaiting approval,
 * publishing, or a recurring post that makes more), which keeps the file from being deleted.
 */
export const MediaUseSchema = z.object({
  type: z.enum(['post', 'recurring']),
  id: z.uuid(),
  text: z.string(),
  status: z.string(),
  at: z.string().nullable(),
  pending: z.boolean(),
});
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaLibraryItemSchema = MediaSchema.extend({
  /** Who uploaded it (a workspace's members share its files). */
  uploadedBy: z.string(),
  /** Posts and recurring posts that hold it. */
  uses: z.number().int(),
  /** The first of them, the ones still to go out first. */
  usedIn: z.array(MediaUseSchema),
});
export type MediaLibraryItem = z.infer<typeof MediaLibraryItemSchema>;

export const MediaListSchema = z.object({
  data: z.array(MediaLibraryItemSchema),
  /** The workspace's files that match, beyond this page too. */
  total: z.number().int(),
});
export type MediaList = z.infer<typeof MediaListSchema>;
