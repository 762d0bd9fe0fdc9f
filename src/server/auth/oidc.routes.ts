import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { OidcCallbackQuerySchema, OidcConfigSchema, type OidcErrorCode } from '../../shared/api/oidc.schemas';
import type { AuditRepo } from '../audit/audit.repo';
import { AppError } from '../http/errors';
import type { Auth } from './auth';
import { forward } from './auth.routes';
import { OIDC_CALLBACK_PATH, OIDC_PROVIDER_ID, OIDC_START_PATH, type OidcConfig } from './oidc';
import type { OidcRepo } from './oidc.repo';
import type { Guards } from './session';

export interface OidcRoutesDeps {
  auth: Auth;
  guards: Guards;
  audit: AuditRepo;
  repo: OidcRepo;
  oidc: OidcConfig | null;
  publicUrl: string;
  perIpPerMinute: number;
}

/** Where a signed-in person lands, and where a failure is shown (with `?error=`). */
const AFTER_SIGN_IN = '/dashboard';
const LOGIN = '/login';

/** The library's callback error (`?error=` on its redirect) as one of our codes for the login page. */
export function oidcErrorOf(libraryCode: string): OidcErrorCode {
  if (libraryCode.startsWith('state_') || libraryCode === 'invalid_callback_request') return 'oidc_state';
  if (['access_denied', 'login_required', 'consent_required', 'interaction_required'].includes(libraryCode))
    return 'oidc_denied';
  if (libraryCode === 'email_not_verified' || libraryCode === 'account_not_linked')
    return 'oidc_email_unverified';
  if (libraryCode === 'email_not_found') return 'oidc_no_email';
  if (libraryCode === 'signup_disabled') return 'oidc_no_account';
  return 'oidc_failed';
}

const toLogin = (reply: FastifyReply, code: OidcErrorCode) =>
  reply.redirect(`${LOGIN}?error=${encodeURIComponent(code)}`, 302);

/** `name=value` of each cookie a library answer set, as a Cookie header to read the new session with. */
const cookieHeaderOf = (reply: FastifyReply) =>
  [reply.getHeader('set-cookie') ?? []]
    .flat()
    .map((cookie) => String(cookie).split(';', 1)[0]!)
    .join('; ');

/**
 * Sign-in with the configured OpenID Connect provider (decision 025). Three public routes of ours in
 * front of the library's `/sign-in/social` and `/callback/:id`, which stay unmounted (decision 012):
 * the login page's settings, the start (a navigation: 302 to the provider) and the callback (302 to the
 * dashboard, or to /login?error=<code>). Nothing here ever answers 500 to the browser.
 */
export async function oidcRoutes(app: FastifyInstance, deps: OidcRoutesDeps) {
  const { auth, guards, audit, repo, oidc, publicUrl, perIpPerMinute } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notConfigured = () =>
    new AppError(
      404,
      'OIDC_NOT_CONFIGURED',
      'Sign-in with an identity provider is not set up on this server.',
    );

  r.get(
    '/api/auth/oidc/config',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether sign-in with an identity provider is on, its button text, and whether passwords work',
        response: { 200: OidcConfigSchema },
      },
    },
    async () => ({ enabled: oidc !== null, label: oidc?.label ?? null, passwordSignIn: !oidc?.only }),
  );

  r.get(
    OIDC_START_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts sign-in with the identity provider: redirects to its authorization page (PKCE)',
        response: { 302: z.null(), 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
      config: { rateLimit: { max: perIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!oidc) throw notConfigured();
      try {
        const { headers, response } = await auth.api.signInSocial({
          body: {
            provider: OIDC_PROVIDER_ID,
            callbackURL: AFTER_SIGN_IN,
            newUserCallbackURL: AFTER_SIGN_IN,
            errorCallbackURL: LOGIN,
            disableRedirect: true,
          },
          headers: new Headers({ 'user-agent': request.headers['user-agent'] ?? '' }),
          returnHeaders: true,
        });
        const cookies = headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.url) throw new Error('the library gave no authorization URL');
        return reply.redirect(response.url, 302);
      } catch (error) {
        // Discovery failed (provider down, garbage), or its authorization endpoint is unusable.
        request.log.warn({ err: error }, 'oidc: sign-in could not start');
        return toLogin(reply, 'oidc_unavailable');
      }
    },
  );

  r.get(
    OIDC_CALLBACK_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Where the identity provider sends the browser back: signs in, then redirects',
        querystring: OidcCallbackQuerySchema,
        response: { 302: z.null(), 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
      config: { rateLimit: { max: perIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!oidc) throw notConfigured();
      const began = new Date();
      const query = new URLSearchParams(
        Object.entries(request.query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      let location: string;
      try {
        await forward(auth, publicUrl, request, reply, `/callback/${OIDC_PROVIDER_ID}?${query}`);
        location = String(reply.getHeader('location') ?? '');
      } catch (error) {
        // The library failed outright (its database, or a provider answer it did not expect).
        request.log.warn({ err: error }, 'oidc: callback failed');
        reply.removeHeader('set-cookie');
        return toLogin(reply, 'oidc_failed');
      }
      const libraryError = new URL(location || '/', publicUrl).searchParams.get('error');
      if (libraryError !== null || !location) {
        request.log.info({ error: libraryError }, 'oidc: sign-in refused');
        return toLogin(reply, oidcErrorOf(libraryError ?? ''));
      }
      return signedIn(request, reply, began);
    },
  );

  /** The library set the session cookie: audit who came in and how, then go to the dashboard. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, began: Date) {
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeaderOf(reply) }) });
    if (!session) {
      request.log.warn('oidc: the callback succeeded but set no session');
      reply.removeHeader('set-cookie');
      return toLogin(reply, 'oidc_failed');
    }
    const { user } = session;
    const kind = await repo.signInKind(user.id, began);
    await audit.record({
      actor: { id: user.id, email: user.email },
      action: 'auth.oidc_sign_in',
      details: { kind, issuer: oidc!.issuer, role: (user as { role?: string }).role ?? 'user' },
    });
    guards.forgetSessions();
    return reply.redirect(AFTER_SIGN_IN, 302);
  }
}
