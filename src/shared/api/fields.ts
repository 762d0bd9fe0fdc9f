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
