import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { pageQueryFields } from './fields';

export const TEMPLATE_CATEGORIES = ['Promotions', 'Announcements', 'Events', 'Captions'] as const;
export const TEMPLATE_INDUSTRIES = [
  'retail',
  'hospitality',
  'education',
  'technology',
  'healthcare',
  'finance',
  'entertainment',
  'nonprofit',
] as const;
export const TEMPLATE_PLACEHOLDERS = ['platform', 'username', 'date'] as const;

/** Templates one user may keep (the three samples count). */
export const TEMPLATES_MAX = 500;
export const TEMPLATE_NAME_MAX = 120;
/**
 * A template's HTML. The longest text a network other than Facebook takes is 4,000 characters (X
 * professional; LinkedIn 3,000); 20,000 holds that with its markup several times over, and keeps a full
 * user's templates at 10 MB and a page of the list at 2 MB (it was 100,000: 59.5 MB in one answer).
 */
export const TEMPLATE_CONTENT_MAX = 20_000;
/** The template list's page: the dialog asks for this many at a time, and no call gets more than the max. */
export const TEMPLATES_PAGE = 50;
export const TEMPLATES_PAGE_MAX = 100;

/** The spec's template rules, with its messages as i18n keys. */
export const TemplateWriteSchema = z.object({
  name: z.string().trim().min(1, 'templates.nameRequired').max(TEMPLATE_NAME_MAX, 'templates.nameTooLong'),
  description: z.string().trim().max(500, 'errors.validation').default(''),
  category: z.enum(TEMPLATE_CATEGORIES, 'templates.categoryRequired'),
  industry: z.enum(TEMPLATE_INDUSTRIES, 'errors.validation').nullable().default(null),
  platforms: z
    .array(z.enum(PLATFORMS, 'posts.platformInvalid'))
    .min(1, 'templates.platformsRequired')
    .refine((list) => new Set(list).size === list.length, 'posts.platformsDuplicate'),
  content: z
    .string()
    .max(TEMPLATE_CONTENT_MAX, 'templates.contentTooLong')
    // `[^<>]`, not `[^>]`: a run of '<' with no '>' would be rescanned from each of its characters.
    .refine((html) => html.replace(/<[^<>]*>/g, '').trim().length > 0, 'templates.contentRequired'),
});
export type TemplateWrite = z.input<typeof TemplateWriteSchema>;
export type TemplateInput = z.output<typeof TemplateWriteSchema>;

export const TemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  industry: z.enum(TEMPLATE_INDUSTRIES).nullable(),
  platforms: z.array(z.enum(PLATFORMS)),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof TemplateSchema>;

/** A page of the user's templates, newest first (of one category, if given). */
export const TemplateListQuerySchema = z.object({
  category: z.enum(TEMPLATE_CATEGORIES, 'templates.categoryRequired').optional(),
  ...pageQueryFields(TEMPLATES_PAGE, TEMPLATES_PAGE_MAX),
});
export type TemplateListQuery = z.output<typeof TemplateListQuerySchema>;
export const TemplateListSchema = z.object({
  data: z.array(TemplateSchema),
  /** All the user's templates (of the category asked for), beyond this page too. */
  total: z.number().int(),
});
export type TemplateList = z.infer<typeof TemplateListSchema>;
export const TemplateIdParamsSchema = z.object({ id: z.uuid('errors.validation') });

/**
 * Fills a template's {{platform}}, {{username}} and {{date}} when it is used. Unknown placeholders stay
 * as they are, so a typo shows in the composer instead of vanishing.
 */
export function fillTemplate(
  content: string,
  values: Partial<Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string>>,
): string {
  return content.replace(
    /\{\{\s*(platform|username|date)\s*\}\}/g,
    (whole, name: keyof typeof values) => values[name] ?? whole,
  );
}
