import { z } from 'zod';

/**
 * The public health answer (decision 024): status words and numbers only. `degraded` still answers 200
 * (the API serves requests); a database that does not answer is a 503 with an ApiError instead.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  queue: z.enum(['ok', 'unavailable']),
  /** `missing`: no worker process wrote its heartbeat within the last minute. */
  worker: z.enum(['ok', 'missing']),
  /** Seconds since a worker was last seen; null when none ever was (or the queue did not answer). */
  workerSeenSecondsAgo: z.number().int().nullable(),
  /** How long the oldest due job has waited to start, in seconds (0: nothing waits). */
  queueLagSeconds: z.number().int(),
});
export type Health = z.infer<typeof HealthSchema>;
