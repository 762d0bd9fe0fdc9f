import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/client';
import { defineJob, type Queue } from '../jobs/queue';
import type { WebhooksRepo } from './webhooks.repo';

/**
 * One try of one delivery. The handler claims the delivery with a conditional update, records how the try
 * went and queues the next try itself (with its backoff), so pg-boss retries a job only when its worker
 * died before recording anything (the claim's lease then lets the retry take it over).
 */
export const deliverWebhookJob = defineJob({
  name: 'deliver-webhook',
  payload: z.object({ deliveryId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
});

/** An event to announce: the workspace it happened in, its type and its JSON body (fixed now, signed at each try). */
export interface WebhookEventToSend {
  workspaceId: string;
  event: string;
  body: string;
}

/**
 * Creates the deliveries of events inside the caller's transaction `tx`, one per event and subscribed
 * endpoint, with their jobs: they exist exactly when the event's own writes commit.
 */
export function createWebhookFanOut(
  queue: Queue,
  repo: Pick<WebhooksRepo, 'anyListening' | 'addEventDeliveries'>,
) {
  return {
    /** Whether any enabled endpoint may want events of these workspaces (a cheap look before building bodies). */
    anyListening: (tx: Db, workspaceIds: string[]) => repo.anyListening(tx, workspaceIds),

    async send(tx: Db, events: WebhookEventToSend[]) {
      if (!events.length) return [];
      const ids = await repo.addEventDeliveries(tx, events);
      await this.queueTries(
        tx,
        ids.map((deliveryId) => ({ deliveryId })),
      );
      return ids;
    },

    /** Queues a try of each delivery (at `startAfter`, or now) inside `tx`. */
    async queueTries(tx: Db, tries: { deliveryId: string; startAfter?: Date }[]) {
      await queue.sendInTransaction(
        tx,
        deliverWebhookJob,
        tries.map(({ deliveryId, startAfter }) => ({ id: randomUUID(), data: { deliveryId }, startAfter })),
      );
    },
  };
}
export type WebhookFanOut = ReturnType<typeof createWebhookFanOut>;
