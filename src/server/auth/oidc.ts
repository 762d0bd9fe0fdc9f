import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Env } from '../env';

/** better-auth's id for the one OpenID Connect provider; its accounts rows carry it as providerId. */
export const OIDC_PROVIDER_ID = 'oidc';
/** Our own paths for the flow (oidc.routes.ts); the library's `/sign-in/social` and `/callback/:id` stay unmounted. */
export const OIDC_START_PATH = '/api/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The library's path while it runs the callback, seen by its database hooks. */
const LIBRARY_CALLBACK_PATH = '/callback/:id';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's text when the operator set one; null: the web app's translated default. */
  label: string | null;
  /** Password sign-in is off. */
  only: boolean;
  /** A first sign-in without an account creates one (a `user`); false: only existing accounts sign in. */
  autoCreate: boolean;
}

export function oidcConfigOf(env: Env): OidcConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER.replace(/\/+$/, ''),
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    label: env.OIDC_BUTTON_LABEL ?? null,
    only: env.OIDC_ONLY,
    autoCreate: env.OIDC_AUTO_CREATE,
  };
}

/**
 * better-auth's generic OAuth plugin for one OpenID Connect provider found by discovery: authorization
 * code with PKCE (S256), state kept by the library (a database row plus a signed cookie), the ID token's
 * signature checked against the provider's published keys, client_secret_basic at the token endpoint.
 * Discovery runs at start-up; when the provider is down then, it is tried again on the next sign-in.
 */
export function oidcPlugin(config: OidcConfig, publicUrl: string) {
  return genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        discoveryUrl: `${config.issuer}/.well-known/openid-configuration`,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        authentication: 'basic',
        requireIdTokenVerification: true,
        redirectURI: `${publicUrl}${OIDC_CALLBACK_PATH}`,
        disableSignUp: !config.autoCreate,
        // The provider's name and picture are taken once, at creation; later sign-ins change nothing.
        overrideUserInfo: false,
      },
    ],
  });
}

/**
 * What the library may do with a person the provider vouches for. Linking to an existing account
 * needs the provider to say the email is verified (the library's rule, with no provider trusted by
 * name); our accounts are made by administrators and approved trials, never by open sign-up, so the
 * local side is not asked for a verification it never had.
 */
export const OIDC_ACCOUNT_LINKING = {
  enabled: true,
  trustedProviders: [] as string[],
  requireLocalEmailVerified: false,
  allowDifferentEmails: false,
};

/**
 * Runs before the library creates a user. One created by the OIDC callback needs a verified email (an
 * unverified one could take a colleague's address before an admin creates their account) and is a
 * plain `user` with no trial, whatever the provider's claims say.
 */
export async function beforeUserCreate(
  user: Record<string, unknown>,
  ctx: { path?: string } | null | undefined,
) {
  if (ctx?.path !== LIBRARY_CALLBACK_PATH) return { data: user };
  if (user.emailVerified !== true)
    throw new APIError('FORBIDDEN', {
      code: 'email_not_verified',
      message: 'The identity provider has not verified this email address.',
    });
  return { data: { ...user, role: 'user', trialEndsAt: null } };
}
