import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { type Role, toRole } from '../../shared/roles';
import { AppError } from '../http/errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

export const unauthorized = () =>
  new AppError(401, 'UNAUTHORIZED', 'You are not signed in, or your session has ended.');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not authorized to access this page.');

/** preHandlers that load the session once per request; the server checks roles on every call. */
export function createGuards(auth: Auth) {
  const requireUser = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    const { id, email, name, role } = session.user;
    request.sessionUser = { id, email, name, role: toRole(role) };
  };
  const requireRole = (allowed: (role: Role) => boolean) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (!allowed(request.sessionUser!.role)) throw forbidden();
  };
  return { requireUser, requireRole };
}
export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a route that ran a guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
