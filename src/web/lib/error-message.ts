import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import { ApiRequestError } from './api-client';

// Server error codes the UI explains in the reader's language; anything else falls back to `fallbackKey`.
const CODE_KEYS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'login.invalidCredentials',
  BANNED_USER: 'login.banned',
  PASSWORD_SIGN_IN_DISABLED: 'oidc.passwordSignInDisabled',
  RATE_LIMITED: 'errors.rateLimited',
  NETWORK_ERROR: 'errors.network',
  ADMIN_EXISTS: 'setup.alreadyExists',
  INVALID_TOKEN: 'resetPassword.invalidToken',
  VALIDATION_ERROR: 'errors.validation',
  FORBIDDEN: 'admin.notAuthorized',
  LAST_SUPER_ADMIN: 'users.lastSuperAdmin',
  EMAIL_TAKEN: 'trials.emailTaken',
  ALREADY_DECIDED: 'trials.alreadyDecided',
  NOT_A_TRIAL: 'users.notATrial',
  MEDIA_TOO_LARGE: 'media.tooLarge',
  MEDIA_UNREADABLE: 'media.failed',
  MEDIA_TOO_MANY_PIXELS: 'media.tooManyPixels',
  MEDIA_VIDEO_TOO_LONG: 'media.videoTooLong',
  MEDIA_VIDEO_FRAME_TOO_LARGE: 'media.videoFrameTooLarge',
  MEDIA_VIDEO_FRAME_RATE: 'media.videoFrameRate',
  TOO_MANY_FILES: 'media.tooMany',
  // The caps on what a user keeps (params.max).
  TOO_MANY_RECURRING_POSTS: 'recurring.tooMany',
  TOO_MANY_TEMPLATES: 'templates.tooMany',
  TOO_MANY_VARIABLES: 'variables.tooMany',
  TOO_MANY_HASHTAGS: 'hashtags.tooMany',
  QUOTA_EXCEEDED: 'media.quotaExceeded',
  UPLOAD_RATE_LIMITED: 'media.uploadRateLimited',
  TRIAL_ENDED: 'trialBanner.endedShort',
  POST_INCOMPLETE: 'composer.incomplete',
  POST_LOCKED: 'calendar.locked',
  NOTHING_TO_RETRY: 'postDetail.nothingToRetry',
  NOT_CONFIGURED: 'connections.errors.notConfigured',
  NOT_CONNECTED: 'connections.errors.notConnected',
  MAIN_PASSWORD: 'connections.errors.mainPassword',
  BAD_CREDENTIALS: 'connections.errors.badCredentials',
  HANDLE_NOT_FOUND: 'connections.errors.handleNotFound',
  // A network's own trouble while connecting (the server names it in params.platform).
  TIMEOUT: 'networkErrors.timeout',
  UNREACHABLE: 'networkErrors.unreachable',
  SERVER_ERROR: 'networkErrors.server_error',
  UNEXPECTED_ANSWER: 'networkErrors.unexpected_answer',
};

export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'errors.generic'): string {
  if (!(error instanceof ApiRequestError)) return t(fallbackKey);
  if (error.code === 'ACCOUNT_LOCKED') {
    return t('login.locked', { minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) });
  }
  const key = CODE_KEYS[error.code];
  return key ? t(key, error.params) : t(fallbackKey, error.params);
}

/**
 * What went wrong, for messages that show the server's own words when the UI has none of its own (spec
 * section 8: "the server's error text, else the exception message, else …"): a known code in the reader's
 * language, else the server's message, else the exception's, else `fallbackKey`.
 */
export function failureText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'ACCOUNT_LOCKED' || CODE_KEYS[error.code]) return errorMessage(t, error, fallbackKey);
    return error.message || t(fallbackKey);
  }
  if (error instanceof Error && error.message) return error.message;
  return t(fallbackKey);
}

/** Hands the server's per-field i18n keys to a react-hook-form `setError`. */
export function applyFieldErrors<F extends string>(
  error: unknown,
  setError: (field: F, e: { message: string }) => void,
) {
  if (!(error instanceof ApiRequestError) || !error.fields) return false;
  for (const [field, key] of Object.entries(error.fields)) setError(field as F, { message: key });
  return true;
}

/** The translated message of a form field's error (its message is an i18n key), or undefined. */
export function fieldError<F extends FieldValues>(
  t: TFunction,
  errors: FieldErrors<F>,
  name: Path<F>,
  values?: Record<string, unknown>,
) {
  const message = errors[name]?.message;
  return typeof message === 'string' ? t(message, values) : undefined;
}
