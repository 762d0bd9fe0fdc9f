import { z } from 'zod';
import { HASHTAG_CATEGORY_NAMES, type HashtagCategory, normaliseTag } from '../hashtags';

/** A tag as typed, '#' included. */
export const HASHTAG_MAX = 100;
/** Custom tags one user may keep, all categories together: the dialog and suggestions read them all. */
export const CUSTOM_HASHTAGS_MAX = 500;

const CategorySchema = z.enum(
  HASHTAG_CATEGORY_NAMES as [HashtagCategory, ...HashtagCategory[]],
  'hashtags.categoryRequired',
);
/** A tag as typed: a leading # is dropped, it is trimmed and lower-cased; letters, digits and _ only. */
const TagSchema = z
  .string()
  .max(HASHTAG_MAX, 'errors.validation')
  .transform(normaliseTag)
  .pipe(
    z
      .string()
      .min(1, 'hashtags.tagRequired')
      .regex(/^[\p{L}\p{N}_]+$/u, 'hashtags.tagInvalid'),
  );

export const CustomHashtagBodySchema = z.object({ tag: TagSchema, category: CategorySchema });
export const RecentHashtagBodySchema = z.object({ tag: TagSchema });
export const SuggestQuerySchema = z.object({
  q: z.string().max(100, 'errors.validation').default(''),
  /** The post being written, as plain text: its own words are suggested too. */
  text: z.string().max(4000, 'errors.validation').default(''),
});

export const HashtagsSchema = z.object({
  /** The built-in categories and their fixed tags. */
  categories: z.record(z.string(), z.array(z.string())),
  /** The user's own tags, per category. */
  custom: z.record(z.string(), z.array(z.string())),
  /** Newest first, at most 10. */
  recent: z.array(z.string()),
  /** The tags of the workspace's best-performing published posts (stored figures), best first. */
  popular: z.array(z.string()),
});
export type Hashtags = z.infer<typeof HashtagsSchema>;
export const SuggestionsSchema = z.object({ data: z.array(z.string()) });
