import { z } from 'zod';

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
