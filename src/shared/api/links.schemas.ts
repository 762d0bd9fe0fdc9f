import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { pageQueryFields } from './fields';

/** A UTM value: letters, digits and `-_.+~`, at most 100 (what analytics tools read back unchanged). */
const UtmValue = z
  .string()
  .trim()
  .max(100, 'links.utmInvalid')
  .regex(/^[\w.+~-]*$/, 'links.utmInvalid');

/** A workspace's links preset (issue 27): short links, UTM parameters, both or neither. */
export const LinkSettingsWriteSchema = z.object({
  shorten: z.boolean('errors.validation'),
  utm: z.boolean('errors.validation'),
  utmMedium: UtmValue.refine((v) => v.length > 0, 'links.mediumRequired').default('social'),
  utmCampaign: UtmValue.default(''),
});
export type LinkSettingsWrite = z.output<typeof LinkSettingsWriteSchema>;

export const LinkSettingsSchema = z.object({
  shorten: z.boolean(),
  utm: z.boolean(),
  utmMedium: z.string(),
  utmCampaign: z.string(),
  /** What every short link starts with (`<SHORT_LINK_BASE_URL or PUBLIC_URL>/l/`). */
  base: z.string(),
});
export type LinkSettings = z.infer<typeof LinkSettingsSchema>;

export const ShortLinkSchema = z.object({
  id: z.uuid(),
  shortUrl: z.string(),
  /** Where it leads: the address the post had, with the UTM parameters added when it went out. */
  url: z.string(),
  original: z.string(),
  postId: z.uuid(),
  /** The post's text, cut short (HTML). */
  post: z.string(),
  platform: z.enum(PLATFORMS),
  disabled: z.boolean(),
  /** People's clicks, and the networks' link crawlers' and other bots' requests, all time. */
  clicks: z.number().int(),
  bots: z.number().int(),
  createdAt: z.string(),
});
export type ShortLink = z.infer<typeof ShortLinkSchema>;
export const ShortLinkListSchema = z.object({ data: z.array(ShortLinkSchema), total: z.number().int() });
export type ShortLinkList = z.infer<typeof ShortLinkListSchema>;

export const ShortLinkQuerySchema = z.object({
  post: z.uuid('errors.validation').optional(),
  ...pageQueryFields(50, 100),
});
export const ShortLinkIdParamsSchema = z.object({ id: z.uuid('errors.validation') });
export const ShortLinkWriteSchema = z.object({ disabled: z.boolean('errors.validation') });
export const ShortCodeParamsSchema = z.object({ code: z.string().max(64, 'errors.notFound') });
