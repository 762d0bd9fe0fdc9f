import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { type Role, toRole } from '../../shared/roles';
import type { AuditRepo } from '../audit/audit.repo';
import { AppError } from '../http/errors';
import { type ChangeFeed, NO_CHANGE_FEED } from '../db/change-feed';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  trialEndsAt: Date | null;
  /** The session this request came with (OAuth consents are bound to it); `token:<id>` for a token. */
  sessionId: string;
  /** Set when the request was made with a personal API token rather than a browser session. */
  tokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

export const unauthorized = () =>
  new AppError(401, 'UNAUTHORIZED', 'You are not signed in, or your session has ended.');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not authorized to access this page.');
export const sessionRequired = () =>
  new AppError(403, 'SESSION_REQUIRED', 'This needs a signed-in session; an API token cannot do it.');

/** What the guards need of API tokens (tokens.service.ts). */
export interface TokenAuthenticator {
  authenticate(value: string): Promise<{ user: SessionUser; retryAfterSeconds: number | null }>;
}

/** `optional`: anyone, but a session or token sent is read (and a bad token refused). */
export type RouteSecurity = 'public' | 'optional' | 'session' | 'session-or-token';
/** How each guard lets a caller in, so that the OpenAPI document states every route's `security`. */
const guardSecurity = new WeakMap<object, RouteSecurity>();
function tagged<T extends object>(guard: T, security: RouteSecurity): T {
  guardSecurity.set(guard, security);
  return guard;
}
/** What a route's onRequest hooks ask of a caller: nothing, a signed-in session, or a session or token. */
export function securityOf(onRequest: unknown): RouteSecurity {
  const hooks = [onRequest].flat().filter((hook): hook is object => typeof hook === 'function');
  const kinds = hooks.map((hook) => guardSecurity.get(hook)).filter((kind) => kind !== undefined);
  if (kinds.includes('session')) return 'session';
  if (kinds.includes('session-or-token')) return 'session-or-token';
  return kinds.includes('optional') ? 'optional' : 'public';
}

/** The token of an `Authorization: Bearer …` header, or undefined when there is no such header. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  return header.slice(7).trim();
}

type Done = (error?: Error) => void;

/** How long a checked session is trusted without asking the database, at most. */
const SESSION_MEMORY_MS = 60_000;
const SESSION_MEMORY_ENTRIES = 10_000;

/**
 * onRequest hooks, so that who may call a route is settled before its input is even read.
 *
 * A session checked once is remembered for up to a minute, keyed by the exact cookie header it came
 * with, so that a calendar's bursts of calls do not each read the session and the user. A role change, a
 * sign-out, a deleted user or session still applies at once: the database announces every change to a
 * user or their sessions (`changes`, migration 0008), and a remembered session whose user changed since
 * is checked again. Without a change feed nothing is remembered.
 */
export function createGuards(
  auth: Auth,
  audit: AuditRepo,
  changes: ChangeFeed = NO_CHANGE_FEED,
  tokens?: TokenAuthenticator,
) {
  const remembered = new Map<string, { user: SessionUser; version: number; until: number }>();
  /**
   * A request with a bearer token is judged by the token alone, cookies or not: it is a script's call,
   * and mixing in a browser session would make it unclear whose rights apply. Not remembered: the token
   * is looked up each time (one indexed read), so a revocation anywhere applies to the very next call.
   */
  const readTokenUser = async (bearer: string): Promise<SessionUser> => {
    if (!tokens) throw unauthorized();
    const { user, retryAfterSeconds } = await tokens.authenticate(bearer);
    if (retryAfterSeconds !== null)
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests with this API token. Try again in ${retryAfterSeconds} seconds.`,
        { retryAfterSeconds },
      );
    return user;
  };
  /** The user of a session checked within the last minute and unchanged since, without any wait. */
  const rememberedUser = (request: FastifyRequest): SessionUser | undefined => {
    const cookie = request.headers.cookie;
    if (!cookie || bearerOf(request) !== undefined) return undefined;
    const hit = remembered.get(cookie);
    if (!hit) return undefined;
    if (hit.until > Date.now() && changes.version('auth', hit.user.id) === hit.version) return hit.user;
    remembered.delete(cookie);
    return undefined;
  };
  const readUser = async (request: FastifyRequest): Promise<SessionUser | undefined> => {
    const bearer = bearerOf(request);
    if (bearer !== undefined) return readTokenUser(bearer);
    const hit = rememberedUser(request);
    if (hit) return hit;
    const cookie = request.headers.cookie;
    const before = changes.current();
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return undefined;
    const { id, email, name, role } = session.user;
    const trialEndsAt = (session.user as { trialEndsAt?: Date | string | null }).trialEndsAt;
    const user: SessionUser = {
      id,
      email,
      name,
      role: toRole(role),
      trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null,
      sessionId: session.session.id,
    };
    const version = changes.version('auth', id);
    // Nothing about this user may have arrived while the session was read, or it could be the old one.
    if (cookie && before !== undefined && version !== undefined && version <= before) {
      if (remembered.size >= SESSION_MEMORY_ENTRIES) remembered.delete(remembered.keys().next().value!);
      const expires = new Date(session.session.expiresAt).getTime();
      remembered.set(cookie, { user, version, until: Math.min(Date.now() + SESSION_MEMORY_MS, expires) });
    }
    return user;
  };
  /**
   * `check` as a callback-style Fastify hook. A remembered session whose user passes `enough` (nearly
   * every call of a signed-in browser) is settled at once, without a promise: the guard runs on every
   * API request, and a promise per request is measurable on the calendar's hot path (issue 15).
   */
  const hook =
    (
      check: (request: FastifyRequest) => Promise<void>,
      enough: (user: SessionUser) => boolean = () => true,
    ) =>
    (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
      const user = rememberedUser(request);
      if (user && enough(user)) {
        request.sessionUser = user;
        return done();
      }
      check(request).then(() => done(), done);
    };
  const signedIn = async (request: FastifyRequest) => {
    const user = await readUser(request);
    if (!user) throw unauthorized();
    request.sessionUser = user;
  };
  /** For what only a signed-in person may do (token management, password, sign-out, OAuth consent). */
  const withSession = async (request: FastifyRequest) => {
    await signedIn(request);
    if (request.sessionUser!.tokenId) throw sessionRequired();
  };
  const requireUser = tagged(hook(signedIn), 'session-or-token');
  /** For routes a browser reaches by navigation (OAuth callbacks): they decide what to do without one. */
  const optionalUser = tagged(
    hook(async (request: FastifyRequest) => {
      request.sessionUser = await readUser(request);
    }),
    'optional',
  );
  const requireSession = tagged(hook(withSession), 'session');
  const requireRole = (allowed: (role: Role) => boolean, { sessionOnly = false } = {}) =>
    tagged(
      hook(
        async (request: FastifyRequest) => {
          await (sessionOnly ? withSession : signedIn)(request);
          const user = request.sessionUser!;
          if (!allowed(user.role)) {
            await audit.record({
              actor: user,
              action: 'access.denied',
              details: {
                method: request.method,
                url: request.routeOptions.url ?? request.url,
                role: user.role,
              },
            });
            throw forbidden();
          }
        },
        (user) => allowed(user.role),
      ),
      sessionOnly ? 'session' : 'session-or-token',
    );
  /**
   * Forgets every remembered session. Called after the auth routes changed sessions through the library
   * (sign-in, sign-out, a reset), so that this process's very next request sees the change without
   * waiting for the database's notice. Our own services announce a change to a user on the change feed
   * instead (`changes.touch('auth', user)`), which drops only that user's remembered sessions.
   */
  const forgetSessions = () => remembered.clear();
  return { requireUser, requireSession, requireRole, optionalUser, forgetSessions };
}
export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a route that ran a guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
