import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApproveBodySchema, RejectBodySchema } from '../../shared/api/approvals.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import {
  RECURRING_POSTS_MAX,
  RecurringIdParamsSchema,
  RecurringListSchema,
  RecurringPostSchema,
  RecurringWriteSchema,
} from '../../shared/api/recurring.schemas';
import { type Guards, userOf } from '../auth/session';
import { creationRate } from '../http/creation-rate';
import type { RecurringService } from './recurring.service';

const E = ApiErrorSchema;

export async function recurringRoutes(
  app: FastifyInstance,
  {
    recurring,
    guards,
    createsPerMinute,
  }: { recurring: RecurringService; guards: Guards; createsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const schedules = [onRequest, guards.may('schedule')];
  const tags = ['recurring posts'];

  r.get(
    '/api/recurring-posts',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your recurring posts, newest first, each with its next occurrence and recent ones',
        response: { 200: RecurringListSchema, 401: E },
      },
    },
    async (request) => recurring.list(userOf(request)),
  );

  r.get(
    '/api/recurring-posts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One of your recurring posts',
        params: RecurringIdParamsSchema,
        response: { 200: RecurringPostSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => recurring.get(userOf(request), request.params.id),
  );

  r.post(
    '/api/recurring-posts',
    {
      onRequest: schedules,
      config: { rateLimit: creationRate(createsPerMinute, 'new recurring posts') },
      schema: {
        tags,
        summary: 'Create a recurring post; its occurrences are checked against every selected network',
        description:
          'Occurrences follow the rule on the wall clock of `timezone` (the same local time across daylight ' +
          'saving; monthly on a day a month lacks skips that month). Each becomes an ordinary scheduled post ' +
          'a little before it is due. No endDate and no count: it goes on forever. ' +
          `At most ${RECURRING_POSTS_MAX} per user (409 TOO_MANY_RECURRING_POSTS), ${createsPerMinute} a minute (429).`,
        body: RecurringWriteSchema,
        response: { 201: RecurringPostSchema, 400: E, 401: E, 403: E, 409: E, 429: E },
      },
    },
    async (request, reply) => reply.status(201).send(await recurring.create(userOf(request), request.body)),
  );

  r.put(
    '/api/recurring-posts/:id',
    {
      onRequest: schedules,
      schema: {
        tags,
        summary: 'Change a recurring post: occurrences already on the calendar keep their content',
        params: RecurringIdParamsSchema,
        body: RecurringWriteSchema,
        response: { 200: RecurringPostSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => recurring.update(userOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/recurring-posts/:id/approve',
    {
      onRequest: [onRequest, guards.may('approve')],
      schema: {
        tags,
        summary: "Approve a contributor's recurring post once: from then on it makes its posts",
        description:
          'Send the `contentHash` of the rule as you read it: one changed since answers 409 POST_CHANGED.',
        params: RecurringIdParamsSchema,
        body: ApproveBodySchema,
        response: { 200: RecurringPostSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => recurring.approve(userOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/recurring-posts/:id/reject',
    {
      onRequest: [onRequest, guards.may('approve')],
      schema: {
        tags,
        summary: 'Send a waiting recurring post back to its author, with the reason: it makes no posts',
        params: RecurringIdParamsSchema,
        body: RejectBodySchema,
        response: { 200: RecurringPostSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => recurring.reject(userOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/recurring-posts/:id',
    {
      onRequest: schedules,
      schema: {
        tags,
        summary: 'Delete a recurring post: no more occurrences; published ones stay',
        params: RecurringIdParamsSchema,
        response: { 204: z.null(), 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      await recurring.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
