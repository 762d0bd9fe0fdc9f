import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountParamsSchema } from '../../shared/api/connections.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { PostRangeQuerySchema } from '../../shared/api/posts.schemas';
import {
  FreeSlotListSchema,
  QueueOrderBodySchema,
  QueueQuerySchema,
  QueueSchema,
  QueueSkipBodySchema,
  ScheduleBodySchema,
  ScheduleSchema,
} from '../../shared/api/queue.schemas';
import { type Guards, userOf } from '../auth/session';
import type { QueueService } from './queue.service';

const E = ApiErrorSchema;
const tags = ['queue'];

/**
 * An account's posting schedule and queue (issue 26). Every member reads them; those who schedule
 * without approval change them, since a change moves other people's posts. "Add to queue" is
 * POST /api/posts with "action":"queue".
 */
export async function queueRoutes(app: FastifyInstance, deps: { queue: QueueService; guards: Guards }) {
  const { queue, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changes = [guards.requireUser, guards.may('scheduleWithoutApproval')];

  r.get(
    '/api/social/accounts/:id/schedule',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: "The account's posting schedule: weekly slots on one zone's clocks; null when it has none",
        params: AccountParamsSchema,
        response: { 200: ScheduleSchema.nullable(), 400: E, 401: E, 404: E },
      },
    },
    async (request) => queue.schedule(userOf(request), request.params.id),
  );

  r.put(
    '/api/social/accounts/:id/schedule',
    {
      onRequest: changes,
      schema: {
        tags,
        summary: "Set the account's posting schedule, or pause or resume its queue",
        description:
          'The queued posts move to the new slots in their order, never two in one slot, never into the past. ' +
          'Paused, they are held (not published); resumed, they take the slots from then on.',
        params: AccountParamsSchema,
        body: ScheduleBodySchema,
        response: { 200: ScheduleSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => queue.setSchedule(userOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/social/accounts/:id/queue',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: "The account's queue: its schedule and the next slots, free, skipped or with their post",
        params: AccountParamsSchema,
        querystring: QueueQuerySchema,
        response: { 200: QueueSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => queue.read(userOf(request), request.params.id, request.query.slots),
  );

  r.get(
    '/api/queue/free-slots',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: "The free slots of the workspace's running queues in [from, to), each with its accounts",
        description:
          'A slot is free on an account whose schedule has it and is not paused, when no queued post or skip ' +
          'holds it and no post goes to the account at that instant. The range is at most 366 days; at most 2,000 slots are listed.',
        querystring: PostRangeQuerySchema,
        response: { 200: FreeSlotListSchema, 400: E, 401: E },
      },
    },
    async (request) => ({
      data: await queue.freeSlots(userOf(request), new Date(request.query.from), new Date(request.query.to)),
    }),
  );

  r.put(
    '/api/social/accounts/:id/queue/order',
    {
      onRequest: changes,
      schema: {
        tags,
        summary: 'Reorder the queued posts: they take the slots they hold, in the order given',
        description: 'Name every queued post not yet going out, each once; else 409 QUEUE_CHANGED.',
        params: AccountParamsSchema,
        body: QueueOrderBodySchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      await queue.reorder(userOf(request), request.params.id, request.body.posts);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/social/accounts/:id/queue/skips',
    {
      onRequest: changes,
      schema: {
        tags,
        summary: 'Skip an upcoming slot (its post and those after it move on a slot each), or take it back',
        params: AccountParamsSchema,
        body: QueueSkipBodySchema,
        response: { 204: z.null(), 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      const { at, skipped } = request.body;
      await queue.skip(userOf(request), request.params.id, new Date(at), skipped);
      return reply.status(204).send(null);
    },
  );
}
