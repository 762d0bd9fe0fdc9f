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
