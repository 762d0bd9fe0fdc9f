import { z } from 'zod';
import { API_ERROR_CODE_LIST } from './error-codes';

/**
 * Every error the API sends has this shape. `fields` maps a request field to an i18n key naming what is
 * wrong with it, so the web app shows the same words as its own form validation.
 */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  /** One of the vocabulary in error-codes.ts, which says what each means and when it comes. */
  code: z.enum(API_ERROR_CODE_LIST),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** Why a post cannot go to a network, one entry per problem (see shared/platforms/validate.ts). */
  problems: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Values for the message's placeholders when the web shows it in the reader's language ({file}, {max}). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
