import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateAdminBodySchema, SetupStatusSchema } from '../../shared/api/auth.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { ListUsersQuerySchema, ProfileSchema, UserListSchema } from '../../shared/api/users.schemas';
import { canManageUsers } from '../../shared/roles';
import type { Auth } from '../auth/auth';
import { type Guards, userOf } from '../auth/session';
import type { UsersService } from './users.service';

export async function usersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; guards: Guards; auth: Auth },
) {
  const { users, guards, auth } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/profile',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, their connections and settings',
        response: { 200: ProfileSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => users.profile(userOf(request)),
  );

  r.get(
    '/api/users',
    {
      preHandler: guards.requireRole(canManageUsers),
      schema: {
        tags: ['users'],
        summary: 'List users, oldest first (admin and super_admin)',
        querystring: ListUsersQuerySchema,
        response: { 200: UserListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => users.list(userOf(request), request.query.limit, request.query.startAfter),
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
        response: {
          201: z.object({ uid: z.string() }),
          400: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await users.createFirstAdmin(request.body);
      const signIn = await auth.api.signInEmail({
        body: { email: request.body.email, password: request.body.password },
        asResponse: true,
      });
      reply.header('set-cookie', signIn.headers.getSetCookie());
      const { user } = (await signIn.json()) as { user: { id: string } };
      return reply.status(201).send({ uid: user.id });
    },
  );
}
