import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateAdminBodySchema, SetupStatusSchema } from '../../shared/api/auth.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  AdminUserSchema,
  ChangePasswordBodySchema,
  CreateUserBodySchema,
  ExtendTrialBodySchema,
  ListUsersQuerySchema,
  ProfileSchema,
  UidParamsSchema,
  UpdateProfileBodySchema,
  UpdateUserBodySchema,
  UserListSchema,
} from '../../shared/api/users.schemas';
import { canManageUsers, isSuperAdmin } from '../../shared/roles';
import type { Auth } from '../auth/auth';
import type { DeviceCookies } from '../auth/device-cookie';
import { type Guards, userOf } from '../auth/session';
import type { UsersService } from './users.service';

const E = ApiErrorSchema;

export async function usersRoutes(
  app: FastifyInstance,
  deps: {
    users: UsersService;
    guards: Guards;
    auth: Auth;
    /** Password changes per IP: the same budget as sign-in, since both try passwords. */
    passwordPerIpPerMinute: number;
    devices: DeviceCookies;
  },
) {
  const { users, guards, auth, passwordPerIpPerMinute, devices } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = guards.requireRole(canManageUsers);
  const superAdmins = guards.requireRole(isSuperAdmin);

  r.get(
    '/api/users/profile',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, their connections and settings',
        response: { 200: ProfileSchema, 401: E },
      },
    },
    async (request) => users.profile(userOf(request)),
  );

  r.put(
    '/api/users/profile',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's display name and time zone",
        body: UpdateProfileBodySchema,
        response: { 200: ProfileSchema, 400: E, 401: E },
      },
    },
    async (request) => users.updateProfile(userOf(request), request.body),
  );

  r.post(
    '/api/users/profile/password',
    {
      // Needs the session it keeps, and a token must not be able to take over the account.
      onRequest: guards.requireSession,
      config: { rateLimit: { max: passwordPerIpPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary:
          "Change the signed-in user's password; signs out their other sessions, keeps this one (new cookie)",
        body: ChangePasswordBodySchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 429: E },
      },
    },
    async (request, reply) => {
      const actor = userOf(request);
      // This browser's own failures count, never the account's: it holds a session, so it signed in once.
      const device = devices.deviceOf(request.headers.cookie, actor.email) ?? `session:${actor.sessionId}`;
      const cookies = await users.changePassword(
        actor,
        request.body,
        fromNodeHeaders(request.headers),
        device,
      );
      return reply.header('set-cookie', cookies).status(204).send(null);
    },
  );

  r.get(
    '/api/users',
    {
      onRequest: managers,
      schema: {
        tags: ['users'],
        summary: 'List users, oldest first, a page at a time (admin, super_admin)',
        querystring: ListUsersQuerySchema,
        response: { 200: UserListSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request) => users.list(request.query.limit, request.query.startAfter),
  );

  r.post(
    '/api/users',
    {
      onRequest: superAdmins,
      schema: {
        tags: ['users'],
        summary: 'Create a user with a password and a role (super_admin)',
        body: CreateUserBodySchema,
        response: { 201: AdminUserSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request, reply) => reply.status(201).send(await users.create(userOf(request), request.body)),
  );

  r.put(
    '/api/users/:uid',
    {
      onRequest: managers,
      schema: {
        tags: ['users'],
        summary:
          "Change a user's role: admin between user and admin; super_admin any (never the last super_admin)",
        params: UidParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: AdminUserSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => users.changeRole(userOf(request), request.params.uid, request.body.role),
  );

  r.delete(
    '/api/users/:uid',
    {
      onRequest: superAdmins,
      schema: {
        tags: ['users'],
        summary: 'Delete a user, their sessions and their content (super_admin; never the last super_admin)',
        params: UidParamsSchema,
        response: { 204: z.null(), 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      await users.remove(userOf(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/users/:uid/extend-trial',
    {
      onRequest: managers,
      schema: {
        tags: ['users'],
        summary: 'Extend a trial account by a number of days (admin, super_admin)',
        params: UidParamsSchema,
        body: ExtendTrialBodySchema,
        response: { 200: AdminUserSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => users.extendTrial(userOf(request), request.params.uid, request.body.days),
  );

  r.post(
    '/api/users/:uid/unlock',
    {
      onRequest: managers,
      schema: {
        tags: ['users'],
        summary:
          'Open every sign-in lock of an account after failed passwords (admin: users and admins; super_admin: anyone); audited',
        params: UidParamsSchema,
        response: { 200: AdminUserSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => users.unlock(userOf(request), request.params.uid),
  );

  r.get(
    '/api/setup',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether the administrator account still has to be created',
        response: { 200: SetupStatusSchema },
      },
    },
    async () => ({ needsAdmin: await users.needsAdmin() }),
  );

  r.post(
    '/api/setup/admin',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['setup'],
        summary: 'Create the first account (super_admin) and sign it in; refused once any user exists',
        body: CreateAdminBodySchema,
        response: { 201: z.object({ uid: z.string() }), 400: E, 409: E, 429: E },
      },
    },
    async (request, reply) => {
      await users.createFirstAdmin(request.body);
      const signIn = await auth.api.signInEmail({
        body: { email: request.body.email, password: request.body.password },
        asResponse: true,
      });
      // The first administrator's browser is trusted at once: strangers' guesses never lock it out.
      reply.header('set-cookie', [...signIn.headers.getSetCookie(), devices.issue(request.body.email, null)]);
      const { user } = (await signIn.json()) as { user: { id: string } };
      return reply.status(201).send({ uid: user.id });
    },
  );
}
