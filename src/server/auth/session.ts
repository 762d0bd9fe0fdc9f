import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { type Role, toRole } from '../../shared/roles';
import { type WorkspaceAction, can } from '../../shared/workspaces/rules';
import type { Membership, Scope, WorkspaceId, WorkspacesRepo } from '../workspaces/workspaces.repo';
import type { AuditRepo } from '../audit/audit.repo';
import { AppError } from '../http/errors';
import { type ChangeFeed, NO_CHANGE_FEED } from '../db/change-feed';
import type { Auth } from './auth';

/** Who is calling, before the workspace they act in is known. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  trialEndsAt: Date | null;
  /** The session this request came with (OAuth consents are bound to it); `token:<id>` for a token. */
  sessionId: string;
  /** Set when the request was made with a personal API token rather than a browser session. */
  tokenId?: string;
  /** The one workspace a token acts in (decision 042). */
  tokenWorkspaceId?: WorkspaceId;
}

/** Who is calling and the workspace the request acts in, with their role there (decision 042). */
export interface SessionUser extends SignedInUser {
  workspace: Membership;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
    /** The workspace a `:wid` route names, once `mayAt` found the caller a member there. */
    pathWorkspace?: Membership;
  }
}

export const unauthorized = () =>
  new AppError(401, 'UNAUTHORIZED', 'You are not signed in, or your session has ended.');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not authorized to access this page.');
export const workspaceRoleForbids = () =>
  new AppError(403, 'WORKSPACE_ROLE', 'Your role in this workspace does not allow this.');
/** The workspace action each `may(...)` hook asks for, so that tests and the OpenAPI document can read it. */
const workspaceActions = new WeakMap<object, WorkspaceAction>();
/** The workspace action a route's onRequest hooks ask for, if any. */
export function workspaceActionOf(onRequest: unknown): WorkspaceAction | undefined {
  const hooks = [onRequest].flat().filter((hook): hook is object => typeof hook === 'function');
  return hooks.map((hook) => workspaceActions.get(hook)).find((action) => action !== undefined);
}
export const sessionRequired = () =>
  new AppError(403, 'SESSION_REQUIRED', 'This needs a signed-in session; an API token cannot do it.');

/** What the guards need of API tokens (tokens.service.ts). */
export interface TokenAuthenticator {
  authenticate(value: string): Promise<{ user: SignedInUser; retryAfterSeconds: number | null }>;
}

export const WORKSPACE_HEADER = 'x-postwell-workspace';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const workspaceNotFound = () =>
  new AppError(404, 'WORKSPACE_NOT_FOUND', 'This workspace does not exist, or you are not a member of it.');

/**
 * The workspace a request acts in: the one its `X-Postwell-Workspace` header names, else the token's,
 * else the caller's personal one (the first of `memberships`). One the caller is not a member of answers
 * 404, exactly like one that does not exist; a token acts only in the workspace it was made for.
 */
export function workspaceOfRequest(
  request: FastifyRequest,
  user: SignedInUser,
  memberships: readonly Membership[],
): Membership {
  const header = request.headers[WORKSPACE_HEADER];
  if (header === undefined) {
    const wanted = user.tokenWorkspaceId;
    const found = wanted ? memberships.find((m) => m.id === wanted) : memberships[0];
    if (!found) throw workspaceNotFound();
    return found;
  }
  if (typeof header !== 'string' || !UUID.test(header))
    throw new AppError(400, 'VALIDATION_ERROR', 'The X-Postwell-Workspace header must be a workspace id.');
  const id = header.toLowerCase();
  if (user.tokenWorkspaceId && id !== user.tokenWorkspaceId)
    throw new AppError(403, 'TOKEN_WORKSPACE', 'This API token acts only in the workspace it was made for.');
  const found = memberships.find((m) => m.id === id);
  if (!found) throw workspaceNotFound();
  return found;
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
  workspaces: WorkspacesRepo,
  changes: ChangeFeed = NO_CHANGE_FEED,
  tokens?: TokenAuthenticator,
  /** Told of each request's member and workspace (when members were last active). */
  onActive: (userId: string, workspaceId: WorkspaceId) => void = () => {},
) {
  interface Caller {
    user: SignedInUser;
    memberships: Membership[];
  }
  const remembered = new Map<string, Caller & { version: number; until: number }>();
  /**
   * The workspaces a user belongs to, read with the session and remembered with it: a change of
   * membership, or of a workspace, is a change to each member's sign-in on the change feed (migration
   * 0026), so a removed member loses access with their very next request. A user without any (made since
   * by an administrator, a trial, single sign-on) gets their personal workspace here.
   */
  const membershipsOf = async (user: SignedInUser): Promise<Membership[]> => {
    const found = await workspaces.membershipsOf(user.id);
    if (found.length || user.tokenWorkspaceId) return found;
    await workspaces.ensurePersonal(user.id, user.name, null);
    return workspaces.membershipsOf(user.id);
  };
  /**
   * A request with a bearer token is judged by the token alone, cookies or not: it is a script's call,
   * and mixing in a browser session would make it unclear whose rights apply. Not remembered: the token
   * is looked up each time (one indexed read), so a revocation anywhere applies to the very next call.
   */
  const readTokenUser = async (bearer: string): Promise<SignedInUser> => {
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
  /** The caller of a session checked within the last minute and unchanged since, without any wait. */
  const rememberedCaller = (request: FastifyRequest): Caller | undefined => {
    const cookie = request.headers.cookie;
    if (!cookie || bearerOf(request) !== undefined) return undefined;
    const hit = remembered.get(cookie);
    if (!hit) return undefined;
    if (hit.until > Date.now() && changes.version('auth', hit.user.id) === hit.version) return hit;
    remembered.delete(cookie);
    return undefined;
  };
  const readCaller = async (request: FastifyRequest): Promise<Caller | undefined> => {
    const bearer = bearerOf(request);
    if (bearer !== undefined) {
      const user = await readTokenUser(bearer);
      return { user, memberships: await membershipsOf(user) };
    }
    const hit = rememberedCaller(request);
    if (hit) return hit;
    const cookie = request.headers.cookie;
    const before = changes.current();
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return undefined;
    const { id, email, name, role } = session.user;
    const trialEndsAt = (session.user as { trialEndsAt?: Date | string | null }).trialEndsAt;
    const user: SignedInUser = {
      id,
      email,
      name,
      role: toRole(role),
      trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null,
      sessionId: session.session.id,
    };
    const memberships = await membershipsOf(user);
    const version = changes.version('auth', id);
    // Nothing about this user may have arrived while the session was read, or it could be the old one.
    if (cookie && before !== undefined && version !== undefined && version <= before) {
      if (remembered.size >= SESSION_MEMORY_ENTRIES) remembered.delete(remembered.keys().next().value!);
      const expires = new Date(session.session.expiresAt).getTime();
      remembered.set(cookie, {
        user,
        memberships,
        version,
        until: Math.min(Date.now() + SESSION_MEMORY_MS, expires),
      });
    }
    return { user, memberships };
  };
  const enter = (request: FastifyRequest, { user, memberships }: Caller) => {
    const workspace = workspaceOfRequest(request, user, memberships);
    request.sessionUser = { ...user, workspace };
    onActive(user.id, workspace.id);
  };
  /**
   * `check` as a callback-style Fastify hook. A remembered session whose user passes `enough` (nearly
   * every call of a signed-in browser) is settled at once, without a promise: the guard runs on every
   * API request, and a promise per request is measurable on the calendar's hot path (issue 15).
   */
  const hook =
    (
      check: (request: FastifyRequest) => Promise<void>,
      enough: (user: SignedInUser) => boolean = () => true,
    ) =>
    (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
      const caller = rememberedCaller(request);
      if (caller && enough(caller.user)) {
        try {
          enter(request, caller);
        } catch (error) {
          return done(error as Error);
        }
        return done();
      }
      check(request).then(() => done(), done);
    };
  const signedIn = async (request: FastifyRequest) => {
    const caller = await readCaller(request);
    if (!caller) throw unauthorized();
    enter(request, caller);
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
      const caller = await readCaller(request);
      if (caller) enter(request, caller);
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
  /** Audits a workspace role's refusal of `action` in `member`'s workspace, like an instance role's. */
  const deny = (request: FastifyRequest, member: Membership, action: WorkspaceAction) =>
    audit.record({
      actor: request.sessionUser!,
      action: 'access.denied',
      details: {
        method: request.method,
        url: request.routeOptions.url ?? request.url,
        workspace: member.id,
        workspaceRole: member.role,
        needs: action,
      },
    });
  /**
   * What the caller's role in the request's workspace must allow (`shared/workspaces/rules.ts`), after
   * `requireUser` or `requireSession`. A refusal is audited like an instance role's.
   */
  const may = (action: WorkspaceAction) => {
    const check = (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
      const user = request.sessionUser;
      if (!user) return done(unauthorized());
      if (can(user.workspace.role, action)) return done();
      deny(request, user.workspace, action).then(() => done(workspaceRoleForbids()), done);
    };
    workspaceActions.set(check, action);
    return check;
  };
  /**
   * For a route that names its workspace in the path (`:wid`): the caller must be a member there whose
   * role allows `action`, checked before the body is read (so a refused caller learns nothing from its
   * validation). Not a member, or no such workspace: 404. The membership is `request.pathWorkspace`.
   */
  const mayAt = (action: WorkspaceAction) => {
    const check = async (request: FastifyRequest) => {
      const user = request.sessionUser;
      if (!user) throw unauthorized();
      const wid = (request.params as { wid?: unknown }).wid;
      const member =
        typeof wid === 'string' && UUID.test(wid)
          ? await workspaces.membership(user.id, wid.toLowerCase() as WorkspaceId)
          : undefined;
      if (!member) throw workspaceNotFound();
      if (!can(member.role, action)) {
        await deny(request, member, action);
        throw workspaceRoleForbids();
      }
      request.pathWorkspace = member;
    };
    workspaceActions.set(check, action);
    return check;
  };
  return { requireUser, requireSession, requireRole, optionalUser, forgetSessions, may, mayAt };
}
export type Guards = ReturnType<typeof createGuards>;

/** The workspace a `:wid` route acts on, checked by `guards.mayAt`. */
export function pathWorkspaceOf(request: FastifyRequest): Membership {
  if (!request.pathWorkspace) throw workspaceNotFound();
  return request.pathWorkspace;
}

/** The signed-in user of a route that ran a guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** Where a caller's new rows go: the request's workspace, made by them. */
export const scopeOf = (user: SessionUser): Scope => ({ workspaceId: user.workspace.id, userId: user.id });
