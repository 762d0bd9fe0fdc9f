import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { pageQueryFields } from './fields';

export const DRAFTS_PAGE_MAX = 50;

/** A page of the drafts list: newest change first. */
export const DraftListQuerySchema = z.object({
  ...pageQueryFields(20, DRAFTS_PAGE_MAX),
});
export type DraftListQuery = z.input<typeof DraftListQuerySchema>;

/**
 * A draft as a list shows it: its card (the content as bare b, i, em, strong and span, cut with '…'), its
 * date if it has one, its networks and how many files it carries. Opening it loads the whole post.
 */
export const DraftSummarySchema = z.object({
  id: z.uuid(),
  card: z.string(),
  scheduledAt: z.string().nullable(),
  updatedAt: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  mediaCount: z.number().int(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

export const DraftListSchema = z.object({
  data: z.array(DraftSummarySchema),
  /** All the user's drafts, beyond this page too. */
  total: z.number().int(),
});
export type DraftList = z.infer<typeof DraftListSchema>;
