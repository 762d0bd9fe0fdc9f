import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { instantField } from './fields';

/** Variants a post may hold besides its own text, and the longest each may be (as HTML). */
export const EVERGREEN_VARIANTS_MAX = 10;
export const EVERGREEN_VARIANT_MAX = 20_000;
export const EVERGREEN_DAYS_MAX = 365;
export const EVERGREEN_TIMES_MAX = 1000;

/**
 * Why a round left a network out: `same_text`, X and LinkedIn refuse a text they had the time before (add
 * a variant); `not_connected`, the account is gone.
 */
export const EVERGREEN_SKIPS = ['same_text', 'not_connected'] as const;
export type EvergreenSkip = (typeof EVERGREEN_SKIPS)[number];
/** The networks that refuse a post identical to one the account published before. */
export const REFUSE_SAME_TEXT = ['twitter', 'linkedin'] as const;

/**
 * Making a post evergreen, or changing how: it returns to the queue `everyDays` after it (or its last
 * copy) went out, at most `maxTimes` times (null: no limit) and not after `until` (null: no end), using
 * its own text and then each of `variants` (HTML) in turn.
 */
export const EvergreenWriteSchema = z.object({
  everyDays: z
    .number('evergreen.everyDaysInvalid')
    .int('evergreen.everyDaysInvalid')
    .min(1, 'evergreen.everyDaysInvalid')
    .max(EVERGREEN_DAYS_MAX, 'evergreen.everyDaysInvalid'),
  maxTimes: z
    .number('evergreen.maxTimesInvalid')
    .int('evergreen.maxTimesInvalid')
    .min(1, 'evergreen.maxTimesInvalid')
    .max(EVERGREEN_TIMES_MAX, 'evergreen.maxTimesInvalid')
    .nullable()
    .default(null),
  until: instantField('evergreen.untilInvalid', 'evergreen.untilInvalid').nullable().default(null),
  variants: z
    .array(z.string().max(EVERGREEN_VARIANT_MAX, 'posts.contentTooLong'))
    .max(EVERGREEN_VARIANTS_MAX, 'evergreen.variantsTooMany')
    .default([]),
  paused: z.boolean('errors.validation').default(false),
});
export type EvergreenWrite = z.input<typeof EvergreenWriteSchema>;
export type EvergreenInput = z.output<typeof EvergreenWriteSchema>;

/**
 * Where it stands: `waiting`, for the post (or its last copy) to go out; `due`, its next copy is made
 * when its time comes (`nextAt`); `paused`; `finished`, it returned `maxTimes` times or `until` passed.
 */
export const EVERGREEN_STATES = ['waiting', 'due', 'paused', 'finished'] as const;

export const EvergreenSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  /** The post's card (its text cut short, as HTML), networks and the accounts' names. */
  card: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  accounts: z.array(z.string()),
  everyDays: z.number().int(),
  maxTimes: z.number().int().nullable(),
  until: z.string().nullable(),
  variants: z.array(z.string()),
  paused: z.boolean(),
  state: z.enum(EVERGREEN_STATES),
  /** Copies made so far. */
  times: z.number().int(),
  /** When it was last shared (the post or a copy published), and when the next copy is made. */
  lastSharedAt: z.string().nullable(),
  nextAt: z.string().nullable(),
  /** The networks the last copy left out, and why. */
  skipped: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      account: z.string().nullable(),
      reason: z.enum(EVERGREEN_SKIPS),
    }),
  ),
  /** Why the last round made no copy (an error code), null when it did. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type Evergreen = z.infer<typeof EvergreenSchema>;
export const EvergreenListSchema = z.object({ data: z.array(EvergreenSchema) });
/**
 * A post's evergreen settings, or null when it is not evergreen; `copyOf`: the evergreen post this one is a
 * recycled copy of (whose settings are the ones to change), else null.
 */
export const PostEvergreenSchema = z.object({
  data: EvergreenSchema.nullable(),
  copyOf: z.uuid().nullable(),
});
export type PostEvergreen = z.infer<typeof PostEvergreenSchema>;
export const EvergreenIdParamsSchema = z.object({ id: z.uuid('errors.validation') });
