import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  VariableBodySchema,
  VariableNameParamsSchema,
  VARIABLES_MAX,
  VariablesSchema,
} from '../../shared/api/variables.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { VariablesService } from './variables.service';

const E = ApiErrorSchema;
const NAME_RULE = 'a letter, then letters, digits, _ or -; at most 50 characters';

export async function variablesRoutes(
  app: FastifyInstance,
  {
    variables,
    guards,
    createsPerMinute,
  }: { variables: VariablesService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const writes = [onRequest, guards.may('write')];
  const tags = ['variables'];

  r.get(
    '/api/variables',
    {
      onRequest,
      schema: { tags, summary: 'Your caption variables', response: { 200: VariablesSchema, 401: E } },
    },
    async (request) => variables.list(userOf(request)),
  );

  r.put(
    '/api/variables/:name',
    {
      onRequest: writes,
      // Every set counts, a change as well as a new one: the route does both.
      config: { rateLimit: creationRate(createsPerMinute, 'variable changes') },
      schema: {
        tags,
        summary: `Set a variable (name: ${NAME_RULE})`,
        description: `At most ${VARIABLES_MAX} per user (409 TOO_MANY_VARIABLES), ${createsPerMinute} sets a minute (429).`,
        params: VariableNameParamsSchema,
        body: VariableBodySchema,
        response: { 200: VariablesSchema, 400: E, 401: E, 409: E, 429: E },
      },
    },
    async (request) => variables.set(userOf(request), request.params.name, request.body.value),
  );

  r.delete(
    '/api/variables/:name',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'Delete a variable',
        params: VariableNameParamsSchema,
        response: { 200: VariablesSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => variables.remove(userOf(request), request.params.name),
  );
}
