import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  VariableBodySchema,
  VariableNameParamsSchema,
  VariablesSchema,
} from '../../shared/api/variables.schemas';
import { type Guards, userOf } from '../auth/session';
import type { Db } from '../db/client';
import { variables } from '../db/schema';
import { notFound } from '../http/errors';

const E = ApiErrorSchema;

/** A user's caption variables: a small name → value map, so a route and three statements suffice. */
export async function variablesRoutes(app: FastifyInstance, { db, guards }: { db: Db; guards: Guards }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['variables'];
  const all = async (userId: string) => {
    const rows = await db
      .select()
      .from(variables)
      .where(eq(variables.userId, userId))
      .orderBy(asc(variables.name));
    return { data: Object.fromEntries(rows.map((v) => [v.name, v.value])) };
  };

  r.get(
    '/api/variables',
    {
      onRequest,
      schema: { tags, summary: 'Your caption variables', response: { 200: VariablesSchema, 401: E } },
    },
    async (request) => all(userOf(request).id),
  );

  r.put(
    '/api/variables/:name',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Set a variable',
        params: VariableNameParamsSchema,
        body: VariableBodySchema,
        response: { 200: VariablesSchema, 400: E, 401: E },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const { name } = request.params;
      const { value } = request.body;
      await db
        .insert(variables)
        .values({ userId, name, value })
        .onConflictDoUpdate({
          target: [variables.userId, variables.name],
          set: { value, updatedAt: new Date() },
        });
      return all(userId);
    },
  );

  r.delete(
    '/api/variables/:name',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a variable',
        params: VariableNameParamsSchema,
        response: { 200: VariablesSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const rows = await db
        .delete(variables)
        .where(and(eq(variables.userId, userId), eq(variables.name, request.params.name)))
        .returning({ name: variables.name });
      if (!rows.length) throw notFound(`The variable ${request.params.name}`);
      return all(userId);
    },
  );
}
