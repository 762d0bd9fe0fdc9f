import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  AdminWebhookListQuerySchema,
  AdminWebhookListSchema,
  AdminWebhookSchema,
  CreatedWebhookSchema,
  CreateWebhookBodySchema,
  DeliveryListSchema,
  DeliverySchema,
  UpdateWebhookBodySchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
  WebhookSchema,
} from '../../shared/api/webhooks.schemas';
import { canManageUsers } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { WebhooksService } from './webhooks.service';

const E = ApiErrorSchema;

/** Webhook endpoints, their delivery log and test sends (decision 023). A user sees only their own. */
export async function webhooksRoutes(
  app: FastifyInstance,
  { webhooks, guards }: { webhooks: WebhooksService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  /** A workspace's webhooks are its settings: for its owners and admins. */
  const settings = [onRequest, guards.may('manageSettings')];
  const managers = guards.requireRole(canManageUsers);
  const tags = ['webhooks'];

  r.get(
    '/api/webhooks',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Your webhook endpoints, newest first (never their secrets)',
        response: { 200: WebhookListSchema, 401: E, 403: E },
      },
    },
    async (request) => webhooks.list(userOf(request)),
  );

  r.post(
    '/api/webhooks',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Register an endpoint; the answer holds its signing secret, and no later answer ever will',
        description:
          'The URL must be https, without a user name, password or backslash, and must not resolve to a ' +
          'loopback, private, link-local, unique-local or multicast address (unless the server allows it); ' +
          'it is stored and answered as normalised by the WHATWG URL parser. Each delivery is a POST of JSON with the header ' +
          '`Postwell-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. ' +
          'scope `all` (administrators only) receives every user’s events.',
        body: CreateWebhookBodySchema,
        response: { 201: CreatedWebhookSchema, 400: E, 401: E, 403: E, 409: E },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(userOf(request), request.body)),
  );

  r.patch(
    '/api/webhooks/:id',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Turn one of your endpoints on or off, or change its events',
        params: WebhookIdParamsSchema,
        body: UpdateWebhookBodySchema,
        response: { 200: WebhookSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => webhooks.update(userOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/webhooks/:id',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Delete one of your endpoints and its delivery log',
        params: WebhookIdParamsSchema,
        response: { 200: WebhookSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => webhooks.remove(userOf(request), request.params.id),
  );

  r.post(
    '/api/webhooks/:id/test',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Queue a `webhook.test` delivery to one of your endpoints (10 a minute)',
        params: WebhookIdParamsSchema,
        response: { 202: DeliverySchema, 400: E, 401: E, 403: E, 404: E, 409: E, 429: E },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.sendTest(userOf(request), request.params.id)),
  );

  r.get(
    '/api/webhooks/:id/deliveries',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'The latest 50 deliveries to one of your endpoints, newest first',
        params: WebhookIdParamsSchema,
        response: { 200: DeliveryListSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => webhooks.deliveries(userOf(request), request.params.id),
  );

  r.get(
    '/api/admin/webhooks',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary: "Every user's webhook endpoints with their owners, newest first (admin, super_admin)",
        querystring: AdminWebhookListQuerySchema,
        response: { 200: AdminWebhookListSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request) => webhooks.listAll(userOf(request), request.query.limit, request.query.offset),
  );

  r.delete(
    '/api/admin/webhooks/:id',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary: "Delete any user's webhook endpoint (admin, super_admin)",
        params: WebhookIdParamsSchema,
        response: { 200: AdminWebhookSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => webhooks.removeAny(userOf(request), request.params.id),
  );
}
