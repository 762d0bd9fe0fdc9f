import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountListSchema,
  AccountParamsSchema,
  BlueskyConnectBodySchema,
  ConnectStartSchema,
  OAuthCallbackQuerySchema,
  PlatformParamsSchema,
  TwitterSettingsBodySchema,
} from '../../shared/api/connections.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import type { Auth } from '../auth/auth';
import { type Guards, userOf } from '../auth/session';
import type { ConnectionsService } from './connections.service';

const E = ApiErrorSchema;
const tags = ['connections'];

/** Spec section 7's `/social/*` calls, plus the OAuth callback the networks send the browser back to. */
export async function connectionsRoutes(
  app: FastifyInstance,
  deps: { connections: ConnectionsService; guards: Guards; auth: Auth },
) {
  const { connections, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/social/:platform/connect',
    {
      // The consent is bound to the browser session the network sends back to: a token has none.
      onRequest: [guards.requireSession, guards.may('manageAccounts')],
      schema: {
        tags,
        summary: "The network's consent page to send the browser to (OAuth 2.0, PKCE, one-use state)",
        params: PlatformParamsSchema,
        response: { 200: ConnectStartSchema, 400: E, 401: E, 403: E, 409: E },
      },
    },
    async (request) => connections.startOAuth(userOf(request), request.params.platform),
  );

  r.get(
    '/api/social/:platform/callback',
    {
      onRequest: guards.optionalUser,
      schema: {
        tags,
        summary: 'Where the network sends the browser back; stores the account and redirects to /posts',
        params: PlatformParamsSchema,
        querystring: OAuthCallbackQuerySchema,
        response: { 302: z.null(), 400: E },
      },
    },
    async (request, reply) => {
      const to = await connections.finishOAuth(request.sessionUser, request.params.platform, request.query);
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  r.post(
    '/api/social/bluesky/connect',
    {
      onRequest: [guards.requireUser, guards.may('manageAccounts')],
      schema: {
        tags,
        summary: 'Connect a Bluesky account with its handle and an app password (never the main password)',
        body: BlueskyConnectBodySchema,
        response: { 200: z.object({ username: z.string() }), 400: E, 401: E, 502: E },
      },
    },
    async (request) => connections.connectBluesky(userOf(request), request.body),
  );

  r.delete(
    '/api/social/:platform/connection',
    {
      onRequest: [guards.requireUser, guards.may('manageAccounts')],
      schema: {
        tags,
        summary: 'Disconnect a network: every account of it in the workspace (their tokens are deleted)',
        params: PlatformParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await connections.disconnect(userOf(request), request.params.platform);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/social/twitter/settings',
    {
      onRequest: [guards.requireUser, guards.may('manageAccounts')],
      schema: {
        tags,
        summary: 'The X account type of every X account: standard (280 characters) or professional (4,000)',
        body: TwitterSettingsBodySchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await connections.setTwitterAccountType(userOf(request), request.body.accountType);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/social/accounts',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary:
          "The workspace's connected accounts, several per network possibly, the first connected first",
        response: { 200: AccountListSchema, 401: E },
      },
    },
    async (request) => connections.listAccounts(userOf(request)),
  );

  r.delete(
    '/api/social/accounts/:id',
    {
      onRequest: [guards.requireUser, guards.may('manageAccounts')],
      schema: {
        tags,
        summary: 'Disconnect one account (its tokens are deleted; posts chosen for it wait for it)',
        params: AccountParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await connections.disconnectAccount(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/social/accounts/:id/settings',
    {
      onRequest: [guards.requireUser, guards.may('manageAccounts')],
      schema: {
        tags,
        summary: 'One X account type: standard (280 characters) or professional (4,000)',
        params: AccountParamsSchema,
        body: TwitterSettingsBodySchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await connections.setAccountType(userOf(request), request.params.id, request.body.accountType);
      return reply.status(204).send(null);
    },
  );
}
