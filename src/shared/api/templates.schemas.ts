import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';

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

/** The spec's template rules, with its messages as i18n keys. */
export const TemplateWriteSchema = z.object({
  name: z.string().trim().min(1, 'templates.nameRequired').max(120, 'errors.validation'),
  description: z.string().trim().max(500, 'errors.validation').default(''),
  category: z.enum(TEMPLATE_CATEGORIES, 'templates.categoryRequired'),
  industry: z.enum(TEMPLATE_INDUSTRIES, 'errors.validation').nullable().default(null),
  platforms: z
    .array(z.enum(PLATFORMS, 'posts.platformInvalid'))
    .min(1, 'templates.platformsRequired')
    .refine((list) => new Set(list).size === list.length, 'posts.platformsDuplicate'),
  content: z
    .string()
    .max(100_000, 'posts.contentTooLong')
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

export const TemplateListQuerySchema = z.object({
  category: z.enum(TEMPLATE_CATEGORIES, 'templates.categoryRequired').optional(),
});
export const TemplateListSchema = z.object({ data: z.array(TemplateSchema) });
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
