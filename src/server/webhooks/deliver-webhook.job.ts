import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { defineJob, type Queue } from '../jobs/queue';

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

/** An event to announce: the user it concerns, its type and its JSON body (fixed now, signed at each try). */
export interface WebhookEventToSend {
  userId: string;
  event: string;
  body: string;
}

/** Administrators' `all` endpoints receive every user's events while their owner is still an administrator. */
const ADMIN_ROLES = sql`('admin', 'super_admin')`;

/**
 * Creates the deliveries of events inside the caller's transaction `tx`, one per event and subscribed
 * endpoint, with their jobs: they exist exactly when the event's own writes commit.
 */
export function createWebhookFanOut(queue: Queue) {
  return {
    /** Whether any enabled endpoint may want events of these users (a cheap look before building bodies). */
    async anyListening(tx: Db, userIds: string[]) {
      if (!userIds.length) return false;
      const { rows } = (await tx.execute(sql`select 1 from webhook_endpoints e
         where e.enabled and (e.user_id = any(${sql.param(userIds)}::text[]) or e.scope = 'all') limit 1`)) as unknown as {
        rows: unknown[];
      };
      return rows.length > 0;
    },

    async send(tx: Db, events: WebhookEventToSend[]) {
      if (!events.length) return [];
      const col = (pick: (e: WebhookEventToSend) => string) => sql.param(events.map(pick));
      const { rows } = (await tx.execute(sql`
        insert into webhook_deliveries (endpoint_id, event, body)
        select e.id, x.event, x.body
          from unnest(${col((e) => e.userId)}::text[], ${col((e) => e.event)}::text[], ${col((e) => e.body)}::text[])
               as x(user_id, event, body)
          join webhook_endpoints e on e.enabled and x.event = any(e.events)
           and (e.user_id = x.user_id
                or (e.scope = 'all' and exists (select 1 from users u where u.id = e.user_id and u.role in ${ADMIN_ROLES})))
        returning id`)) as unknown as { rows: { id: string }[] };
      await this.queueTries(
        tx,
        rows.map((row) => ({ deliveryId: row.id })),
      );
      return rows.map((row) => row.id);
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
