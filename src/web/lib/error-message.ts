import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import { type ApiErrorCode, isApiErrorCode } from '../../shared/api/error-codes';
import { ApiRequestError } from './api-client';

/**
 * The words of every API error code (shared/api/error-codes.ts) as i18n keys: the type makes the list
 * complete, and error-message.test.ts that each key has a text in every locale using only the `params`
 * the server sends with the code.
 */
export const CODE_KEYS: Record<ApiErrorCode, string> = {
  // The frame.
  VALIDATION_ERROR: 'errors.validation',
  BAD_REQUEST: 'errors.badRequest',
  BAD_URL: 'errors.badUrl',
  NOT_FOUND: 'errors.notFound',
  REQUEST_TIMEOUT: 'errors.requestTimeout',
  BODY_TOO_LARGE: 'errors.bodyTooLarge',
  PARAMETER_TOO_LONG: 'errors.parameterTooLong',
  UNSUPPORTED_MEDIA_TYPE: 'errors.unsupportedMediaType',
  RATE_LIMITED: 'errors.rateLimited',
  HEADERS_TOO_LARGE: 'errors.headersTooLarge',
  INTERNAL_ERROR: 'errors.internal',
  DATABASE_UNAVAILABLE: 'errors.databaseUnavailable',
  // Who is calling.
  UNAUTHORIZED: 'errors.sessionExpired',
  FORBIDDEN: 'admin.notAuthorized',
  FORBIDDEN_ORIGIN: 'errors.forbiddenOrigin',
  SESSION_REQUIRED: 'errors.sessionRequired',
  TOKEN_INVALID: 'errors.tokenInvalid',
  TOKEN_REVOKED: 'errors.tokenRevoked',
  TOKEN_EXPIRED: 'errors.tokenExpired',
  ACCOUNT_DISABLED: 'login.banned',
  // The request's workspace.
  WORKSPACE_NOT_FOUND: 'workspaces.notFound',
  WORKSPACE_ROLE: 'workspaces.roleForbids',
  TOKEN_WORKSPACE: 'workspaces.tokenWorkspace',
  PERSONAL_WORKSPACE: 'workspaces.personalKept',
  TOO_MANY_WORKSPACES: 'workspaces.tooMany',
  // Members and invitations.
  MEMBER_NOT_FOUND: 'members.notFound',
  LAST_OWNER: 'members.lastOwner',
  PERSONAL_OWNER: 'members.personalOwner',
  ALREADY_MEMBER: 'invitations.alreadyMember',
  TOO_MANY_INVITATIONS: 'invitations.tooMany',
  INVITATION_NOT_FOUND: 'invitations.notFound',
  INVITATION_USED: 'invitations.used',
  INVITATION_REVOKED: 'invitations.revoked',
  INVITATION_EXPIRED: 'invitations.expired',
  INVITATION_EMAIL: 'invitations.otherEmail',
  INVITATION_SIGN_IN: 'invitations.signInFirst',
  // Approval.
  NOT_AWAITING_APPROVAL: 'approvals.notAwaiting',
  POST_CHANGED: 'approvals.changed',
  APPROVAL_TOO_LATE: 'approvals.tooLate',
  APPROVAL_REQUIRED: 'approvals.required',
  COMMENT_NOT_YOURS: 'comments.notYours',
  TOO_MANY_COMMENTS: 'comments.tooMany',
  REVIEW_LINK_NOT_FOUND: 'reviewLinks.notFound',
  REVIEW_LINK_REVOKED: 'reviewLinks.revoked',
  REVIEW_LINK_EXPIRED: 'reviewLinks.expired',
  REVIEW_LINK_EMPTY: 'reviewLinks.empty',
  REVIEW_LINK_TOO_BIG: 'reviewLinks.tooBig',
  TOO_MANY_REVIEW_LINKS: 'reviewLinks.tooManyLinks',
  REVIEW_CLOSED: 'reviewLinks.closed',
  // Sign-in and passwords, the auth library's codes included.
  ACCOUNT_LOCKED: 'login.locked',
  PASSWORD_SIGN_IN_DISABLED: 'oidc.passwordSignInDisabled',
  OIDC_NOT_CONFIGURED: 'errors.oidcNotConfigured',
  // The form says why at the field (fields.currentPassword); the notice says what did not happen.
  WRONG_CURRENT_PASSWORD: 'profile.passwordFailed',
  ADMIN_EXISTS: 'setup.alreadyExists',
  AUTH_ERROR: 'errors.authFailed',
  INVALID_EMAIL_OR_PASSWORD: 'login.invalidCredentials',
  BANNED_USER: 'login.banned',
  FAILED_TO_CREATE_SESSION: 'errors.sessionNotCreated',
  INVALID_TOKEN: 'resetPassword.invalidToken',
  USER_NOT_FOUND: 'errors.userNotFound',
  PASSWORD_TOO_SHORT: 'errors.passwordTooShort',
  PASSWORD_TOO_LONG: 'errors.passwordTooLong',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'trials.emailTaken',
  // Users and trials.
  LAST_SUPER_ADMIN: 'users.lastSuperAdmin',
  NOT_A_TRIAL: 'users.notATrial',
  EMAIL_TAKEN: 'trials.emailTaken',
  ALREADY_DECIDED: 'trials.alreadyDecided',
  TRIAL_ENDED: 'trialBanner.endedShort',
  // Posts.
  POST_INCOMPLETE: 'composer.incomplete',
  RECURRING_INCOMPLETE: 'recurring.fillRequired',
  POST_NOT_PUBLISHABLE: 'errors.notPublishable',
  POST_LOCKED: 'calendar.locked',
  NOT_SCHEDULED: 'errors.notScheduled',
  NOTHING_TO_RETRY: 'postDetail.nothingToRetry',
  TOO_MANY_FILES: 'media.tooMany',
  NO_POSTING_SCHEDULE: 'queue.noSchedule',
  QUEUE_FULL: 'queue.full',
  QUEUE_CHANGED: 'queue.changed',
  // The caps on what a user keeps (params.max).
  TOO_MANY_RECURRING_POSTS: 'recurring.tooMany',
  TOO_MANY_TEMPLATES: 'templates.tooMany',
  TOO_MANY_VARIABLES: 'variables.tooMany',
  TOO_MANY_HASHTAGS: 'hashtags.tooMany',
  TOO_MANY_WEBHOOKS: 'webhooks.tooMany',
  TOO_MANY_TOKENS: 'apiTokens.tooMany',
  // Media.
  MEDIA_TYPE: 'errors.mediaType',
  MEDIA_TOO_LARGE: 'media.tooLarge',
  MEDIA_UNREADABLE: 'media.failed',
  MEDIA_TOO_MANY_PIXELS: 'media.tooManyPixels',
  MEDIA_VIDEO_TOO_LONG: 'media.videoTooLong',
  MEDIA_VIDEO_FRAME_TOO_LARGE: 'media.videoFrameTooLarge',
  MEDIA_VIDEO_FRAME_RATE: 'media.videoFrameRate',
  QUOTA_EXCEEDED: 'media.quotaExceeded',
  MEDIA_IN_USE: 'media.inUse',
  // Bulk imports.
  IMPORT_TOO_LARGE: 'imports.errors.tooLarge',
  IMPORT_NOT_TEXT: 'imports.errors.notText',
  IMPORT_ENCODING: 'imports.errors.encoding',
  IMPORT_COLUMNS: 'imports.errors.columns',
  IMPORT_NO_TEXT_COLUMN: 'imports.errors.noTextColumn',
  IMPORT_QUOTE_OPEN: 'imports.errors.quoteOpen',
  IMPORT_CELL_COUNT: 'imports.errors.cellCount',
  IMPORT_UNREADABLE: 'imports.errors.unreadable',
  IMPORT_TOO_MANY_ROWS: 'imports.errors.tooManyRows',
  IMPORT_JSON: 'imports.errors.json',
  IMPORT_EMPTY: 'imports.errors.empty',
  IMPORT_ROWS_NOT_READY: 'imports.errors.rowsNotReady',
  IMPORT_ALREADY_CONFIRMED: 'imports.errors.alreadyConfirmed',
  IMPORT_ROW_REFUSED: 'imports.errors.rowRefused',
  IMPORT_ZIP_NOT_ZIP: 'imports.errors.zipNotZip',
  IMPORT_ZIP_DAMAGED: 'imports.errors.zipDamaged',
  IMPORT_ZIP_TOO_MANY: 'imports.errors.zipTooMany',
  TOO_MANY_FEEDS: 'feeds.tooMany',
  EVERGREEN_COPY: 'evergreen.copyRefused',
  UPLOAD_RATE_LIMITED: 'media.uploadRateLimited',
  NOT_MULTIPART: 'errors.notMultipart',
  MALFORMED_MULTIPART: 'errors.malformedUpload',
  STORAGE_UNAVAILABLE: 'errors.storageUnavailable',
  // Social accounts; a network's own trouble while connecting (the server names it in params.platform).
  NOT_OAUTH: 'errors.notOauth',
  NOT_CONFIGURED: 'connections.errors.notConfigured',
  NOT_CONNECTED: 'connections.errors.notConnected',
  TOO_MANY_ACCOUNTS: 'connections.errors.tooManyAccounts',
  CONNECT_FAILED: 'errors.connectFailed',
  TIMEOUT: 'networkErrors.timeout',
  UNREACHABLE: 'networkErrors.unreachable',
  SERVER_ERROR: 'networkErrors.server_error',
  UNEXPECTED_ANSWER: 'networkErrors.unexpected_answer',
  MAIN_PASSWORD: 'connections.errors.mainPassword',
  BAD_CREDENTIALS: 'connections.errors.badCredentials',
  HANDLE_NOT_FOUND: 'connections.errors.handleNotFound',
  // Webhooks.
  WEBHOOK_URL_REFUSED: 'errors.webhookUrlRefused',
  WEBHOOK_DISABLED: 'webhooks.testDisabled',
  // The AI helpers (features/ai words them for the call that failed; these are the general words).
  ai_not_configured: 'ai.notConfigured',
  ai_failed: 'errors.aiFailed',
  ai_invalid_response: 'errors.aiInvalidResponse',
  rate_limited: 'errors.rateLimited',
};

/**
 * The i18n key of an error code: the API's, or the client's own NETWORK_ERROR. Undefined for HTTP_ERROR
 * (an answer that is not ours) and for a code of a newer server, which the caller words its own way.
 */
export function errorKey(code: string): string | undefined {
  if (isApiErrorCode(code)) return CODE_KEYS[code];
  return code === 'NETWORK_ERROR' ? 'errors.network' : undefined;
}

/** The values of the code's text: the server's params, and the minutes of a locked sign-in. */
const valuesOf = (error: ApiRequestError) =>
  error.code === 'ACCOUNT_LOCKED'
    ? { ...error.params, minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) }
    : error.params;

export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'errors.generic'): string {
  if (!(error instanceof ApiRequestError)) return t(fallbackKey);
  return t(errorKey(error.code) ?? fallbackKey, valuesOf(error));
}

/**
 * What went wrong, for messages that show the server's own words when the UI has none of its own (spec
 * section 8: "the server's error text, else the exception message, else …"): a known code in the reader's
 * language, else the server's message, else the exception's, else `fallbackKey`.
 */
export function failureText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiRequestError) {
    if (errorKey(error.code)) return errorMessage(t, error, fallbackKey);
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
