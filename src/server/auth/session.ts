import type { FastifyRequest } from 'fastify';
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
  /** The session this request came with (OAuth consents are bound to it). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

export const unauthorized = () =>
  new AppError(401, 'UNAUTHORIZED', 'You are not signed in, or your session has ended.');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not authorized to access this page.');

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
export function createGuards(auth: Auth, audit: AuditRepo, changes: ChangeFeed = NO_CHANGE_FEED) {
  const remembered = new Map<string, { user: SessionUser; version: number; until: number }>();
  const readUser = async (request: FastifyRequest): Promise<SessionUser | undefined> => {
    const cookie = request.headers.cookie;
    if (cookie) {
      const hit = remembered.get(cookie);
      if (hit && hit.until > Date.now() && changes.version('auth', hit.user.id) === hit.version)
        return hit.user;
      if (hit) remembered.delete(cookie);
    }
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
  const requireUser = async (request: FastifyRequest) => {
    const user = await readUser(request);
    if (!user) throw unauthorized();
    request.sessionUser = user;
  };
  /** For routes a browser reaches by navigation (OAuth callbacks): they decide what to do without one. */
  const optionalUser = async (request: FastifyRequest) => {
    request.sessionUser = await readUser(request);
  };
  const requireRole = (allowed: (role: Role) => boolean) => async (request: FastifyRequest) => {
    await requireUser(request);
    const user = request.sessionUser!;
    if (!allowed(user.role)) {
      await audit.record({
        actor: user,
        action: 'access.denied',
        details: { method: request.method, url: request.routeOptions.url ?? request.url, role: user.role },
      });
      throw forbidden();
    }
  };
  /**
   * Forgets every remembered session. Called after this process changed users or sessions (sign-in,
   * sign-out, a role, a deletion, a trial), so that its very next request sees the change without
   * waiting for the database's notice.
   */
  const forgetSessions = () => remembered.clear();
  return { requireUser, requireRole, optionalUser, forgetSessions };
}
export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a route that ran a guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
