import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { type Role, toRole } from '../../shared/roles';
import type { AuditRepo } from '../audit/audit.repo';
import { AppError } from '../http/errors';
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

/**
 * onRequest hooks, so that who may call a route is settled before its input is even read. The session
 * and the user's role are read from the database on every request: a role change applies at once.
 */
export function createGuards(auth: Auth, audit: AuditRepo) {
  const readUser = async (request: FastifyRequest): Promise<SessionUser | undefined> => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return undefined;
    const { id, email, name, role } = session.user;
    const trialEndsAt = (session.user as { trialEndsAt?: Date | string | null }).trialEndsAt;
    return {
      id,
      email,
      name,
      role: toRole(role),
      trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null,
      sessionId: session.session.id,
    };
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
  return { requireUser, requireRole, optionalUser };
}
export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a route that ran a guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
