import { z } from 'zod';

/** What the login page needs to know about sign-in with an identity provider (GET /api/auth/oidc/config). */
export const OidcConfigSchema = z.object({
  /** A provider is configured: the login page shows its button. */
  enabled: z.boolean(),
  /** The operator's text for the button (OIDC_BUTTON_LABEL); null: the translated default. */
  label: z.string().nullable(),
  /** Email and password sign-in is on (off with OIDC_ONLY). */
  passwordSignIn: z.boolean(),
});
export type OidcConfigAnswer = z.infer<typeof OidcConfigSchema>;

/**
 * The `error` a failed provider sign-in brings back to /login (`/login?error=<code>`). Each has a message
 * in the web app's `oidc.errors` section; anything else read from the address shows `oidc_failed`'s.
 */
export const OIDC_ERROR_CODES = [
  /** The provider could not be reached, or its discovery document was not usable. */
  'oidc_unavailable',
  /** The provider answered, but not as OpenID Connect says (a bad token, a bad signature, garbage). */
  'oidc_failed',
  /** The sign-in was not started here, was started too long ago, or its state did not match. */
  'oidc_state',
  /** The person refused, or the provider refused them. */
  'oidc_denied',
  /** The provider has not verified the email, so it is neither linked nor used for a new account. */
  'oidc_email_unverified',
  /** The provider gave no email address. */
  'oidc_no_email',
  /** No account has this email, and first sign-ins do not create accounts here (OIDC_AUTO_CREATE=false). */
  'oidc_no_account',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** The callback's query as a provider sends it; unknown parameters (session_state …) are ignored. */
export const OidcCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
