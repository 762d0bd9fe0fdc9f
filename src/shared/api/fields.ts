import { z } from 'zod';

/**
 * The spec's loose email pattern: something@something.something, no spaces. The domain's parts cannot
 * hold a dot, so there is one way to split it and the test is linear (an address of dots cannot stall it).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = (requiredKey: string, invalidKey: string) =>
  z.string().trim().min(1, requiredKey).max(254, invalidKey).regex(EMAIL_PATTERN, invalidKey).toLowerCase();

export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, 'setup.password_too_short')
  .max(PASSWORD_MAX, 'errors.validation');

/**
 * `limit` and `offset` of a page of a list, as query parameters: `limit` from 1 to `max` (`size` when
 * left out), `offset` from 0 (at most 100,000, so a page cannot ask the database to skip without bound).
 */
export const pageQueryFields = (size: number, max: number) => ({
  limit: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(max, 'errors.validation')
    .default(size),
  offset: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(0, 'errors.validation')
    .max(100_000, 'errors.validation')
    .default(0),
});

/**
 * The earliest year of a date the API keeps. Date.UTC and the database driver's date parser read years
 * 0–99 as 1900–1999, so a post on 0050-05-04 came back on 1950-05-04 without a word; nothing before 1900
 * is a date anyone means, so it is refused.
 */
export const YEAR_MIN = 1900;

/** An ISO 8601 instant with its offset, in YEAR_MIN or later: `invalidKey` or `tooEarlyKey` names the fault. */
export const instantField = (invalidKey: string, tooEarlyKey: string) =>
  z.iso
    .datetime({ offset: true, message: invalidKey })
    .refine((at) => new Date(at).getUTCFullYear() >= YEAR_MIN, tooEarlyKey);
