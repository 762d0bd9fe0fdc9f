/**
 * The one vocabulary of API error codes: every `code` an ApiError body can carry, with the statuses it
 * comes with and the `params` the server always sends beside it (the placeholders a translated text may
 * use). The server's `AppError` takes no other code, the OpenAPI document lists them (`ApiErrorSchema`),
 * and the web words each one in every locale (`web/lib/error-message.ts`, checked by a test).
 *
 * Not here: a network's publish failures (`platforms/error-codes.ts`, a target's `lastErrorCode`) and the
 * identity provider's sign-in failures (`oidc.schemas.ts`, `/login?error=`), which never reach an
 * ApiError body. Model: documenso's `AppErrorCode`.
 */
interface CodeRule {
  readonly status: readonly number[];
  readonly params?: readonly string[];
}

export const API_ERROR_CODES = {
  // The frame (http/errors.ts, app.ts): the error handler, the router and Node's HTTP parser.
  VALIDATION_ERROR: { status: [400] },
  BAD_REQUEST: { status: [400] },
  BAD_URL: { status: [400] },
  NOT_FOUND: { status: [404] },
  REQUEST_TIMEOUT: { status: [408] },
  BODY_TOO_LARGE: { status: [413] },
  PARAMETER_TOO_LONG: { status: [414] },
  UNSUPPORTED_MEDIA_TYPE: { status: [415] },
  RATE_LIMITED: { status: [429, 502] },
  HEADERS_TOO_LARGE: { status: [431] },
  INTERNAL_ERROR: { status: [500] },
  DATABASE_UNAVAILABLE: { status: [503] },

  // Who is calling (auth/session.ts, tokens/, app.ts's Origin rule).
  UNAUTHORIZED: { status: [401] },
  FORBIDDEN: { status: [403] },
  FORBIDDEN_ORIGIN: { status: [403] },
  SESSION_REQUIRED: { status: [403] },
  TOKEN_INVALID: { status: [401] },
  TOKEN_REVOKED: { status: [401] },
  TOKEN_EXPIRED: { status: [401] },
  ACCOUNT_DISABLED: { status: [401] },

  // The request's workspace (auth/session.ts, workspaces/): decision 042.
  WORKSPACE_NOT_FOUND: { status: [404] },
  WORKSPACE_ROLE: { status: [403] },
  TOKEN_WORKSPACE: { status: [403] },
  PERSONAL_WORKSPACE: { status: [409] },
  TOO_MANY_WORKSPACES: { status: [409], params: ['max'] },
  // Members and invitations (workspaces/members.*): issue 25.
  MEMBER_NOT_FOUND: { status: [404] },
  LAST_OWNER: { status: [409] },
  PERSONAL_OWNER: { status: [409] },
  ALREADY_MEMBER: { status: [409] },
  TOO_MANY_INVITATIONS: { status: [409], params: ['max'] },
  INVITATION_NOT_FOUND: { status: [404] },
  INVITATION_USED: { status: [410] },
  INVITATION_REVOKED: { status: [410] },
  INVITATION_EXPIRED: { status: [410] },
  INVITATION_EMAIL: { status: [403], params: ['email'] },
  INVITATION_SIGN_IN: { status: [409], params: ['email'] },
  // Approval (approvals/): issue 25.
  NOT_AWAITING_APPROVAL: { status: [409] },
  POST_CHANGED: { status: [409] },
  APPROVAL_TOO_LATE: { status: [409] },
  APPROVAL_REQUIRED: { status: [403] },
  // Comments (comments/): issue 25.
  COMMENT_NOT_YOURS: { status: [403] },
  TOO_MANY_COMMENTS: { status: [409], params: ['max'] },
  // Client review links (review-links/): issue 25.
  REVIEW_LINK_NOT_FOUND: { status: [404] },
  REVIEW_LINK_REVOKED: { status: [410] },
  REVIEW_LINK_EXPIRED: { status: [410] },
  REVIEW_LINK_EMPTY: { status: [409] },
  REVIEW_LINK_TOO_BIG: { status: [409], params: ['max'] },
  TOO_MANY_REVIEW_LINKS: { status: [409], params: ['max'] },
  REVIEW_CLOSED: { status: [409] },

  // Sign-in, passwords and the first account (auth/, users/).
  ACCOUNT_LOCKED: { status: [429] },
  PASSWORD_SIGN_IN_DISABLED: { status: [403] },
  OIDC_NOT_CONFIGURED: { status: [404] },
  WRONG_CURRENT_PASSWORD: { status: [400] },
  ADMIN_EXISTS: { status: [409] },
  // The auth library's own codes, passed on by the routes in front of it (auth.routes.ts `forward`) or
  // by the error handler; any other code of the library becomes AUTH_ERROR.
  AUTH_ERROR: { status: [400, 401, 403, 404, 429] },
  INVALID_EMAIL_OR_PASSWORD: { status: [401] },
  BANNED_USER: { status: [403] },
  FAILED_TO_CREATE_SESSION: { status: [401] },
  INVALID_TOKEN: { status: [400] },
  USER_NOT_FOUND: { status: [400] },
  PASSWORD_TOO_SHORT: { status: [400] },
  PASSWORD_TOO_LONG: { status: [400] },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: [400] },

  // Users and trials (users/, trials/).
  LAST_SUPER_ADMIN: { status: [409] },
  NOT_A_TRIAL: { status: [409] },
  EMAIL_TAKEN: { status: [409] },
  ALREADY_DECIDED: { status: [409] },
  TRIAL_ENDED: { status: [403] },

  // Posts (posts/, recurring/).
  POST_INCOMPLETE: { status: [400] },
  RECURRING_INCOMPLETE: { status: [400] },
  POST_NOT_PUBLISHABLE: { status: [400] },
  POST_LOCKED: { status: [409] },
  NOT_SCHEDULED: { status: [409] },
  NOTHING_TO_RETRY: { status: [409] },
  TOO_MANY_FILES: { status: [400], params: ['n'] },
  // Posting schedules and queues (queue/): issue 26.
  NO_POSTING_SCHEDULE: { status: [409], params: ['account'] },
  QUEUE_FULL: { status: [409], params: ['max'] },
  QUEUE_CHANGED: { status: [409] },

  // The caps on what a user keeps.
  TOO_MANY_RECURRING_POSTS: { status: [409], params: ['max'] },
  TOO_MANY_TEMPLATES: { status: [409], params: ['max'] },
  TOO_MANY_VARIABLES: { status: [409], params: ['max'] },
  TOO_MANY_HASHTAGS: { status: [409], params: ['max'] },
  TOO_MANY_WEBHOOKS: { status: [409], params: ['max'] },
  TOO_MANY_TOKENS: { status: [409], params: ['max'] },

  // Media (media/).
  MEDIA_TYPE: { status: [400], params: ['file'] },
  MEDIA_TOO_LARGE: { status: [400], params: ['file', 'max'] },
  MEDIA_UNREADABLE: { status: [400], params: ['file'] },
  MEDIA_TOO_MANY_PIXELS: { status: [400], params: ['file', 'maxMegapixels'] },
  MEDIA_VIDEO_TOO_LONG: { status: [400], params: ['file', 'maxMinutes'] },
  MEDIA_VIDEO_FRAME_TOO_LARGE: { status: [400], params: ['file', 'maxSide'] },
  MEDIA_VIDEO_FRAME_RATE: { status: [400], params: ['file', 'maxFps'] },
  QUOTA_EXCEEDED: { status: [413], params: ['file', 'usedMb', 'quotaMb'] },
  MEDIA_IN_USE: { status: [409], params: ['file', 'posts', 'count'] },
  // Bulk imports (issue 27): a file refused as a whole, and a confirmation that cannot go on.
  IMPORT_TOO_LARGE: { status: [413], params: ['max'] },
  IMPORT_NOT_TEXT: { status: [400] },
  IMPORT_ENCODING: { status: [400] },
  IMPORT_COLUMNS: { status: [400], params: ['columns', 'known'] },
  IMPORT_NO_TEXT_COLUMN: { status: [400] },
  IMPORT_QUOTE_OPEN: { status: [400], params: ['line'] },
  IMPORT_CELL_COUNT: { status: [400], params: ['line', 'columns'] },
  IMPORT_UNREADABLE: { status: [400], params: ['line'] },
  IMPORT_TOO_MANY_ROWS: { status: [400], params: ['max'] },
  IMPORT_JSON: { status: [400], params: ['reason'] },
  IMPORT_EMPTY: { status: [400] },
  IMPORT_ROWS_NOT_READY: { status: [409], params: ['rows'] },
  IMPORT_ALREADY_CONFIRMED: { status: [409] },
  IMPORT_ROW_REFUSED: { status: [409], params: ['row', 'reason'] },
  IMPORT_ZIP_NOT_ZIP: { status: [400] },
  IMPORT_ZIP_DAMAGED: { status: [400] },
  IMPORT_ZIP_TOO_MANY: { status: [400], params: ['max'] },
  TOO_MANY_FEEDS: { status: [409], params: ['max'] },
  EVERGREEN_COPY: { status: [409] },
  UPLOAD_RATE_LIMITED: { status: [429], params: ['seconds'] },
  NOT_MULTIPART: { status: [415] },
  MALFORMED_MULTIPART: { status: [400] },
  STORAGE_UNAVAILABLE: { status: [503] },

  // Social accounts (connections/). A network's refusal to connect is one of the CONNECT_ERROR_CODES.
  NOT_OAUTH: { status: [400] },
  NOT_CONFIGURED: { status: [409], params: ['platform'] },
  NOT_CONNECTED: { status: [404] },
  TOO_MANY_ACCOUNTS: { status: [409], params: ['platform', 'max'] },
  CONNECT_FAILED: { status: [400, 502], params: ['platform'] },
  TIMEOUT: { status: [502], params: ['platform'] },
  UNREACHABLE: { status: [502], params: ['platform'] },
  SERVER_ERROR: { status: [502], params: ['platform'] },
  UNEXPECTED_ANSWER: { status: [400], params: ['platform'] },
  MAIN_PASSWORD: { status: [400], params: ['platform'] },
  BAD_CREDENTIALS: { status: [400], params: ['platform'] },
  HANDLE_NOT_FOUND: { status: [400], params: ['platform'] },

  // Webhooks (webhooks/).
  WEBHOOK_URL_REFUSED: { status: [400] },
  WEBHOOK_DISABLED: { status: [409] },

  // The AI helpers (ai/), spelled as ai.schemas.ts documents them; `params.key` names the call's text.
  ai_not_configured: { status: [424], params: ['key'] },
  ai_failed: { status: [424], params: ['key'] },
  ai_invalid_response: { status: [424], params: ['key'] },
  rate_limited: { status: [429] },
} as const satisfies Record<string, CodeRule>;

type Rules = typeof API_ERROR_CODES;
export type ApiErrorCode = keyof Rules;

/** The statuses a code (or any code of a union) comes with. */
export type ApiErrorStatus<C extends ApiErrorCode> = Rules[C]['status'][number];

/** The params every code of `C` always sends (never when one of them sends none). */
export type ApiErrorParam<C extends ApiErrorCode> = Rules[C] extends {
  params: readonly (infer P extends string)[];
}
  ? P
  : never;

/** The codes in a fixed order, for `z.enum`. */
export const API_ERROR_CODE_LIST = Object.keys(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

export const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
  typeof code === 'string' && Object.hasOwn(API_ERROR_CODES, code);

/** The params the server always sends with `code`, for a text's placeholders. */
export const paramsOf = (code: ApiErrorCode): readonly string[] =>
  (API_ERROR_CODES[code] as CodeRule).params ?? [];

/**
 * What a network's refusal to connect an account is called in the API: its own code upper-cased when the
 * vocabulary has it, else CONNECT_FAILED (always with `params.platform`).
 */
export const CONNECT_ERROR_CODES = [
  'CONNECT_FAILED',
  'TIMEOUT',
  'UNREACHABLE',
  'SERVER_ERROR',
  'RATE_LIMITED',
  'UNEXPECTED_ANSWER',
  'MAIN_PASSWORD',
  'BAD_CREDENTIALS',
  'HANDLE_NOT_FOUND',
] as const satisfies readonly ApiErrorCode[];
export type ConnectErrorCode = (typeof CONNECT_ERROR_CODES)[number];

export function connectErrorCode(platformCode: string | undefined): ConnectErrorCode {
  const code = platformCode?.toUpperCase();
  return CONNECT_ERROR_CODES.find((known) => known === code) ?? 'CONNECT_FAILED';
}
