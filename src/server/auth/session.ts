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
  const requireUser = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    const { id, email, name, role } = session.user;
    const trialEndsAt = (session.user as { trialEndsAt?: Date | string | null }).trialEndsAt;
    request.sessionUser = {
      id,
      email,
      name,
      role: toRole(role),
      trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null,
    };
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
  return { requireUser, requireRole };
}
export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a route that ran a guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
