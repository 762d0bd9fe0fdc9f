import type { Platform } from '../../shared/platforms/rules';
import { type Credentials, type NetworkConfig, PlatformError } from './contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';

/**
 * The OAuth 2.0 refresh-token grant as every network answers it: no refresh token, or a refusal of the
 * one we have (expired, revoked, already used), means the person must reconnect (`refreshing`).
 */
export async function refreshWithGrant(
  platform: Platform,
  credentials: Credentials,
  exchange: (refreshToken: string) => Promise<Credentials>,
): Promise<Credentials> {
  if (!credentials.refreshToken)
    throw new PlatformError(
      'auth',
      `${PLATFORM_NAMES[platform]} gave no refresh token; reconnect the account`,
      {
        code: 'no_refresh',
      },
    );
  const refreshToken = credentials.refreshToken;
  return refreshing(() => exchange(refreshToken));
}

/**
 * A call that renews an account's access (a refresh grant, Graph's page tokens, Instagram's token
 * refresh): the network refusing it means the grant is gone and the person must reconnect, an `auth`
 * failure coded `refresh_refused`; anything transient stays transient.
 */
export async function refreshing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'permanent')
      throw new PlatformError('auth', error.message, { ...error.options, code: 'refresh_refused' });
    throw error;
  }
}

/**
 * When an access token given with `expires_in` (seconds from now, as OAuth 2.0 token answers say it)
 * stops working, as the ISO instant `Credentials` keep; null when the network gave no lifetime.
 */
export const expiresAtFrom = (seconds: number | undefined): string | null =>
  seconds ? new Date(Date.now() + seconds * 1000).toISOString() : null;

/**
 * The consent page URL of a standard OAuth 2.0 authorization-code flow with PKCE S256 (X, LinkedIn):
 * networks with their own parameter names (TikTok's client_key, Graph's dialog) build theirs.
 */
export function pkceAuthorizeUrl(
  config: NetworkConfig,
  scopes: readonly string[],
  { state, codeChallenge, redirectUri }: { state: string; codeChallenge: string; redirectUri: string },
): string {
  const url = new URL(config.authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId ?? '',
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}
