import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  AdminTokenListQuerySchema,
  AdminTokenListSchema,
  AdminTokenSchema,
  ApiTokenSchema,
  CreatedTokenSchema,
  CreateTokenBodySchema,
  TokenIdParamsSchema,
  TokenListSchema,
} from '../../shared/api/tokens.schemas';
import { canManageUsers } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { TokensService } from './tokens.service';

const E = ApiErrorSchema;

/**
 * Personal API tokens. Every route here needs a signed-in session: a token cannot create, list or revoke
 * tokens, so a leaked token cannot make itself a successor that outlives its revocation.
 */
export async function tokensRoutes(
  app: FastifyInstance,
  { tokens, guards }: { tokens: TokensService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireSession;
  const managers = guards.requireRole(canManageUsers, { sessionOnly: true });
  const tags = ['tokens'];

  r.get(
    '/api/tokens',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your API tokens, newest first (never their secrets)',
        response: { 200: TokenListSchema, 401: E, 403: E },
      },
    },
    async (request) => tokens.list(userOf(request)),
  );

  r.post(
    '/api/tokens',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create an API token; the answer holds the token, and no later answer ever will',
        description:
          'Send it as `Authorization: Bearer <token>` to call any route you may call, with your role. ' +
          'expiresInDays: 30, 90, 365 or null (until revoked).',
        body: CreateTokenBodySchema,
        response: { 201: CreatedTokenSchema, 400: E, 401: E, 403: E, 409: E },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(userOf(request), request.body)),
  );

  r.delete(
    '/api/tokens/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revoke one of your API tokens: calls with it fail with 401 TOKEN_REVOKED from now on',
        params: TokenIdParamsSchema,
        response: { 200: ApiTokenSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => tokens.revoke(userOf(request), request.params.id),
  );

  r.get(
    '/api/admin/tokens',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary: "Every user's API tokens with their owners, newest first (admin, super_admin)",
        querystring: AdminTokenListQuerySchema,
        response: { 200: AdminTokenListSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request) => tokens.listAll(userOf(request), request.query.limit, request.query.offset),
  );

  r.delete(
    '/api/admin/tokens/:id',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary: "Revoke any user's API token (admin, super_admin)",
        params: TokenIdParamsSchema,
        response: { 200: AdminTokenSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => tokens.revokeAny(userOf(request), request.params.id),
  );
}
