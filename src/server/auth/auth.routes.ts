import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasswordResetRequestSchema,
  ResetPasswordBodySchema,
  ResetPasswordLinkParamsSchema,
  ResetPasswordLinkQuerySchema,
  SessionAnswerSchema,
  SignInBodySchema,
} from '../../shared/api/auth.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { AppError, libraryRefusal } from '../http/errors';
import type { Auth } from './auth';
import type { DeviceCookies } from './device-cookie';
import type { ResetTokensRepo } from './reset-tokens.repo';
import { type Guards, userOf } from './session';
import type { SignInLock } from './sign-in-lock.service';

export interface AuthRoutesDeps {
  auth: Auth;
  guards: Guards;
  signInLock: SignInLock;
  devices: DeviceCookies;
  resetTokens: ResetTokensRepo;
  /** What a completed reset undoes besides the password: the user's other links and sign-in locks. */
  afterPasswordReset: (userId: string) => Promise<void>;
  publicUrl: string;
  perIpPerMinute: number;
  /** False with OIDC_ONLY: sign-in and reset requests by password are refused (decision 025). */
  passwordSignIn?: boolean;
}

const passwordSignInOff = () =>
  new AppError(
    403,
    'PASSWORD_SIGN_IN_DISABLED',
    'Password sign-in is turned off on this server: sign in with your identity provider.',
  );

/**
 * The only paths of better-auth's HTTP API that are reachable, each behind a route of ours below (an
 * allowlist: DESIGN.md §8). Everything else the library could answer (its admin plugin, account linking,
 * user updates, session lists) is not mounted, so it is a 404 like any unknown path. Server code still
 * calls the library directly (`auth.api.*`), behind our own services and guards.
 */
export const EXPOSED_AUTH_PATHS = [
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/:token',
] as const;

const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/**
 * Hands one request to better-auth as a web Request for `path` (never the raw request URL, which may be
 * spelled in absolute form) and copies its status, headers and cookies back. The answer's body is returned
 * for the route to shape; a library error becomes our ApiError.
 */
export async function forward(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body?: unknown,
) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await auth.handler(
    new Request(new URL(`/api/auth${path}`, publicUrl), {
      method: request.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-type') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (response.status >= 400) {
    const error = (json ?? {}) as { code?: string; message?: string };
    throw libraryRefusal(response.status, error.code, error.message ?? 'Authentication failed.');
  }
  return { status: response.status, json };
}

export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const { auth, guards, signInLock, devices, publicUrl, perIpPerMinute, passwordSignIn = true } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };
  const userAnswer = (user: { id: string; email: string; name: string; role?: string | null }) => ({
    user: { id: user.id, email: user.email, name: user.name, role: user.role ?? 'user' },
  });

  r.post(
    '/api/auth/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: SignInBodySchema,
        response: { 200: SessionAnswerSchema, ...errors },
      },
      config: { rateLimit: { max: perIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!passwordSignIn) throw passwordSignInOff();
      const { email } = request.body;
      // A browser that signed in to this account before is judged on its own failures (device cookie).
      const device = devices.deviceOf(request.headers.cookie, email);
      await signInLock.assertOpen(email, device);
      try {
        const { json } = await forward(auth, publicUrl, request, reply, '/sign-in/email', request.body);
        await signInLock.recordSuccess(email, device);
        const cookies = reply.getHeader('set-cookie');
        reply.header('set-cookie', [
          ...(Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [String(cookies)]),
          devices.issue(email, device),
        ]);
        guards.forgetSessions();
        // The session token lives in the HttpOnly cookie only; page scripts never see it.
        return userAnswer((json as { user: Parameters<typeof userAnswer>[0] }).user);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401)
          await signInLock.recordFailure(email, device);
        throw error;
      }
    },
  );

  r.post(
    '/api/auth/sign-out',
    {
      // A token has no session to end (it is revoked on the Profile page instead).
      onRequest: guards.requireSession,
      schema: {
        tags: ['auth'],
        summary: 'End this session and clear its cookie',
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
    },
    async (request, reply) => {
      await forward(auth, publicUrl, request, reply, '/sign-out', {});
      guards.forgetSessions();
      return { success: true };
    },
  );

  r.get(
    '/api/auth/get-session',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user of this session (never the session token)',
        response: { 200: SessionAnswerSchema, ...errors },
      },
    },
    async (request) => userAnswer(userOf(request)),
  );

  r.post(
    '/api/auth/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; answers the same whether or not the account exists',
        body: PasswordResetRequestSchema,
        response: { 200: z.object({ status: z.boolean() }), ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!passwordSignIn) throw passwordSignInOff();
      const redirectTo = request.body.redirectTo ?? '/reset-password';
      if (!isSitePath(redirectTo)) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body: redirectTo must be a path on this site', {
          fields: { redirectTo: 'errors.validation' },
        });
      }
      await forward(auth, publicUrl, request, reply, '/request-password-reset', {
        ...request.body,
        redirectTo,
      });
      return { status: true };
    },
  );

  r.get(
    '/api/auth/reset-password/:token',
    {
      schema: {
        tags: ['auth'],
        summary: "The mailed reset link: redirects to the app's reset page with the token, or with an error",
        params: ResetPasswordLinkParamsSchema,
        querystring: ResetPasswordLinkQuerySchema,
        response: { 302: z.null(), ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const callbackURL = request.query.callbackURL ?? '/reset-password';
      if (!isSitePath(callbackURL)) {
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          'Invalid query: callbackURL must be a path on this site',
          {
            fields: { callbackURL: 'errors.validation' },
          },
        );
      }
      const path = `/reset-password/${encodeURIComponent(request.params.token)}?callbackURL=${encodeURIComponent(callbackURL)}`;
      await forward(auth, publicUrl, request, reply, path);
      // A redirect has no body. The typed reply wants the `null` its schema names, which Fastify would
      // send as the JSON text "null": the answer goes out through the untyped reply.
      return (reply as FastifyReply).send();
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Set a new password with the token from the reset mail; ends every session of the account, voids the account's other reset links and opens its sign-in locks",
        body: ResetPasswordBodySchema,
        response: { 200: z.object({ status: z.boolean() }), ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const owner = await deps.resetTokens.ownerOf(request.body.token);
      await forward(auth, publicUrl, request, reply, '/reset-password', request.body);
      if (owner) await deps.afterPasswordReset(owner);
      guards.forgetSessions();
      return { status: true };
    },
  );
}
