import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasswordResetRequestSchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
} from '../../shared/api/auth.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { AppError } from '../http/errors';
import { accountLocked } from './account-lock';
import type { Auth } from './auth';
import type { LoginThrottleRepo } from './login-throttle.repo';

export interface AuthRoutesDeps {
  auth: Auth;
  throttle: LoginThrottleRepo;
  publicUrl: string;
  login: { maxFailures: number; lockMinutes: number; perIpPerMinute: number };
}

/** Hands a request to better-auth as a web Request and copies its answer back, errors in our ApiError shape. */
async function forward(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body?: unknown,
) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const payload = body ?? request.body;
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      body: payload === undefined || request.method === 'GET' ? undefined : JSON.stringify(payload),
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    const error = JSON.parse(text) as { code?: string; message?: string };
    const send = () =>
      reply.send({
        statusCode: response.status,
        code: error.code ?? 'AUTH_ERROR',
        message: error.message ?? 'Authentication failed.',
      });
    return { status: response.status, send, sendUser: send };
  }
  return {
    status: response.status,
    send: () => reply.send(text || null),
    /** The session token lives in the HttpOnly cookie only; page scripts never see it. */
    sendUser: () => {
      const { user } = JSON.parse(text) as {
        user: { id: string; email: string; name: string; role?: string };
      };
      return reply.send({
        user: { id: user.id, email: user.email, name: user.name, role: user.role ?? 'user' },
      });
    },
  };
}

export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const { auth, throttle, publicUrl, login } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

  r.post(
    '/api/auth/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: SignInBodySchema,
        response: {
          200: z
            .object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }).loose() })
            .loose(),
          ...errors,
        },
      },
      config: { rateLimit: { max: login.perIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { email } = request.body;
      const lockedUntil = await throttle.lockedUntil(email);
      if (lockedUntil) throw accountLocked(lockedUntil);
      const result = await forward(auth, publicUrl, request, reply, request.body);
      if (result.status === 401) await throttle.recordFailure(email, login.maxFailures, login.lockMinutes);
      if (result.status !== 200) return result.send();
      await throttle.clear(email);
      return result.sendUser();
    },
  );

  r.post(
    '/api/auth/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; answers the same whether or not the account exists',
        body: PasswordResetRequestSchema,
        response: { 200: z.object({ status: z.boolean() }).loose(), ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const redirectTo = request.body.redirectTo ?? '/reset-password';
      if (!redirectTo.startsWith('/') || redirectTo.startsWith('//')) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body: redirectTo must be a path on this site', {
          fields: { redirectTo: 'errors.validation' },
        });
      }
      return (await forward(auth, publicUrl, request, reply, { ...request.body, redirectTo })).send();
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail',
        body: ResetPasswordBodySchema,
        response: { 200: z.object({ status: z.boolean() }).loose(), ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => (await forward(auth, publicUrl, request, reply, request.body)).send(),
  );

  // Everything else better-auth serves: sign-out, get-session, the reset link's redirect.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => (await forward(auth, publicUrl, request, reply)).send(),
  });
}
