import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  CreateWorkspaceSchema,
  OWNED_WORKSPACES_MAX,
  UpdateWorkspaceSchema,
  WorkspaceListSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
} from '../../shared/api/workspaces.schemas';
import { type Guards, pathWorkspaceOf, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { WorkspacesService } from './workspaces.service';

const E = ApiErrorSchema;

/**
 * Workspaces (decision 042). Every other route acts in the request's workspace: the one its
 * `X-Postwell-Workspace` header names, else the caller's personal one. These name it in the path, and the
 * caller's role there decides; one they are not a member of answers 404, like one that does not exist.
 */
export async function workspacesRoutes(
  app: FastifyInstance,
  {
    workspaces,
    guards,
    createsPerMinute,
  }: { workspaces: WorkspacesService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['workspaces'];

  r.get(
    '/api/workspaces',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The workspaces you belong to, your personal one first, and the one this request acted in',
        response: { 200: WorkspaceListSchema, 401: E, 404: E },
      },
    },
    async (request) => workspaces.list(userOf(request)),
  );

  r.post(
    '/api/workspaces',
    {
      onRequest: guards.requireSession,
      config: { rateLimit: creationRate(createsPerMinute, 'workspaces') },
      schema: {
        tags,
        summary: 'Make a workspace; you become its owner',
        description: `At most ${OWNED_WORKSPACES_MAX} owned per user (409 TOO_MANY_WORKSPACES).`,
        body: CreateWorkspaceSchema,
        response: { 201: WorkspaceSchema, 400: E, 401: E, 403: E, 409: E, 429: E },
      },
    },
    async (request, reply) => reply.code(201).send(await workspaces.create(userOf(request), request.body)),
  );

  r.get(
    '/api/workspaces/:wid',
    {
      onRequest: [onRequest, guards.mayAt('read')],
      schema: {
        tags,
        summary: 'One of your workspaces, with your role there',
        params: WorkspaceParamsSchema,
        response: { 200: WorkspaceSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => workspaces.get(pathWorkspaceOf(request)),
  );

  r.patch(
    '/api/workspaces/:wid',
    {
      onRequest: [onRequest, guards.mayAt('manageSettings')],
      schema: {
        tags,
        summary: 'Rename a workspace or change its time zone (its owners and admins)',
        params: WorkspaceParamsSchema,
        body: UpdateWorkspaceSchema,
        response: { 200: WorkspaceSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => workspaces.update(userOf(request), pathWorkspaceOf(request), request.body),
  );

  r.delete(
    '/api/workspaces/:wid',
    {
      onRequest: [guards.requireSession, guards.mayAt('own')],
      schema: {
        tags,
        summary: 'Delete a workspace and everything in it (its owners; never a personal workspace)',
        params: WorkspaceParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      await workspaces.remove(userOf(request), pathWorkspaceOf(request));
      return reply.code(204).send(null);
    },
  );
}
