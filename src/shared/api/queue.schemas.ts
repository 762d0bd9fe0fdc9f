import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { CalendarPostSchema, TimeZoneSchema } from './posts.schemas';

/** Time slots of one schedule at most: twelve a day, every day. */
export const SCHEDULE_TIMES_MAX = 84;
/** Queued posts of one account at most (each holds a slot of its own). */
export const QUEUE_POSTS_MAX = 5000;
/** Upcoming slots one read of a queue lists at most. */
export const QUEUE_READ_MAX = 200;

export const ScheduleTimeSchema = z.object({
  /** 0 Monday … 6 Sunday. */
  day: z
    .number('queue.dayInvalid')
    .int('queue.dayInvalid')
    .min(0, 'queue.dayInvalid')
    .max(6, 'queue.dayInvalid'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'posts.timeInvalid'),
});

/** An account's posting schedule: weekly slots on the clocks of `timezone`; `paused` holds its queue. */
export const ScheduleSchema = z.object({
  timezone: z.string(),
  times: z.array(ScheduleTimeSchema),
  paused: z.boolean(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/**
 * Setting a schedule. The queued posts move to the new slots in their order: never two in one slot,
 * never into the past. Pausing holds them; resuming puts them in the slots from now on.
 */
export const ScheduleBodySchema = z.object({
  timezone: TimeZoneSchema,
  times: z
    .array(ScheduleTimeSchema)
    .max(SCHEDULE_TIMES_MAX, 'queue.tooManyTimes')
    .refine(
      (times) => new Set(times.map((t) => `${t.day} ${t.time}`)).size === times.length,
      'queue.timesDuplicate',
    ),
  paused: z.boolean('errors.validation').default(false),
});
export type ScheduleBody = z.input<typeof ScheduleBodySchema>;

/** One upcoming slot of a queue: its post, or none (free), or skipped. */
export const QueueSlotSchema = z.object({
  at: z.string(),
  post: CalendarPostSchema.nullable(),
  skipped: z.boolean(),
});
export type QueueSlot = z.infer<typeof QueueSlotSchema>;

/** An account's queue: its schedule, and the upcoming slots, every queued post's among them. */
export const QueueSchema = z.object({
  account: z.object({ id: z.uuid(), platform: z.enum(PLATFORMS), username: z.string() }),
  schedule: ScheduleSchema.nullable(),
  slots: z.array(QueueSlotSchema),
  /** How many posts wait in the queue. */
  queued: z.number().int(),
});
export type Queue = z.infer<typeof QueueSchema>;

export const QueueQuerySchema = z.object({
  /** At least this many upcoming slots, free ones included (every queued post's slot is listed anyway). */
  slots: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(QUEUE_READ_MAX, 'errors.validation')
    .default(20),
});

/** The queued posts in their new order: they take the queue's slots in that order. */
export const QueueOrderBodySchema = z.object({
  posts: z
    .array(z.uuid('queue.orderInvalid'))
    .max(QUEUE_POSTS_MAX, 'queue.orderInvalid')
    .refine((ids) => new Set(ids).size === ids.length, 'queue.orderInvalid'),
});

/** Skip a slot (its post and those after it move on a slot each) or take it back. */
export const QueueSkipBodySchema = z.object({
  at: z.iso.datetime({ offset: true, message: 'queue.slotInvalid' }),
  skipped: z.boolean('errors.validation'),
});

/**
 * A free slot of the workspace's queues in a range (the week's dashed "+" slots): an instant and the
 * accounts whose running schedules have it free (no queued post, no skip, no post of theirs then).
 */
export const FreeSlotSchema = z.object({
  at: z.string(),
  accounts: z.array(z.object({ id: z.uuid(), platform: z.enum(PLATFORMS), username: z.string() })),
});
export type FreeSlot = z.infer<typeof FreeSlotSchema>;
export const FreeSlotListSchema = z.object({ data: z.array(FreeSlotSchema) });
/** Free slots one read lists at most (twelve slots a day on every account of a large workspace). */
export const FREE_SLOTS_MAX = 2000;
