import { z } from 'zod';
import type { Db } from '../db/client';
import { defineJob, type Queue } from '../jobs/queue';
import { readingJobId } from './metrics-schedule';

/**
 * One reading of one published target's figures. The payload says which slot of the schedule it is;
 * the handler re-reads the target, so a job that outlived its post does nothing.
 */
export const collectMetricsJob = defineJob({
  name: 'collect-metrics',
  payload: z.object({ targetId: z.uuid(), slot: z.number().int().min(0) }),
  // A network that is down or slow: a few tries a minute or more apart (backoff), then the slot is
  // recorded as failed and the next one is queued all the same.
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
});

export interface ReadingToQueue {
  targetId: string;
  slot: number;
  at: Date;
}

/** Queues readings inside the caller's transaction: they exist exactly when its writes commit. */
export function createMetricsScheduler(queue: Queue) {
  return {
    async queue(tx: Db, readings: ReadingToQueue[]) {
      await queue.sendInTransaction(
        tx,
        collectMetricsJob,
        readings.map(({ targetId, slot, at }) => ({
          id: readingJobId(targetId, slot),
          data: { targetId, slot },
          startAfter: at,
        })),
      );
    },
  };
}
export type MetricsScheduler = ReturnType<typeof createMetricsScheduler>;
