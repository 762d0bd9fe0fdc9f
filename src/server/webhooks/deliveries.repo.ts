import { sql } from 'drizzle-orm';
import { type Db, transaction } from '../db/client';
import type { WebhookFanOut } from './deliver-webhook.job';

/** A delivery taken by this worker for one try, with what it needs to sign and send it. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  event: string;
  body: string;
  attempts: number;
  url: string;
  secretSealed: string;
}

export interface TryOutcome {
  responseCode: number | null;
  errorCode: string | null;
  excerpt: string | null;
}

/** Deliveries older than this go when their endpoint's next delivery ends. */
const KEEP_MS = 30 * 86_400_000;

/** The delivery worker's reads and writes; each state change is one conditional statement or transaction. */
export function createDeliveriesRepo(db: Db, fanOut: WebhookFanOut) {
  return {
    /**
     * Takes the delivery for one try: pending or retrying, or delivering under a lease that ran out (a
     * worker died mid-try), and only while its endpoint is enabled. One conditional UPDATE, so two jobs for
     * the same delivery (a pg-boss retry of a lost job) cannot both send it.
     */
    async claim(id: string, now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined> {
      const { rows } = (await db.execute(sql`
        update webhook_deliveries d
           set status = 'delivering', attempts = d.attempts + 1, lease_until = ${new Date(now.getTime() + leaseMs)},
               last_attempt_at = ${now}, next_attempt_at = null
          from webhook_endpoints e
         where d.id = ${id} and e.id = d.endpoint_id and e.enabled
           and (d.status in ('pending', 'retrying') or (d.status = 'delivering' and d.lease_until < ${now}))
        returning d.id, d.endpoint_id, d.event, d.body, d.attempts, e.url, e.secret_sealed`)) as unknown as {
        rows: {
          id: string;
          endpoint_id: string;
          event: string;
          body: string;
          attempts: number;
          url: string;
          secret_sealed: string;
        }[];
      };
      const row = rows[0];
      // A delivery whose endpoint was turned off meanwhile ends here, instead of waiting in the log for good.
      if (!row)
        await db.execute(sql`update webhook_deliveries d set status = 'failed', error_code = 'endpoint_disabled',
              lease_until = null, next_attempt_at = null
            from webhook_endpoints e
           where d.id = ${id} and e.id = d.endpoint_id and not e.enabled and d.status in ('pending', 'retrying')`);
      return (
        row && {
          id: row.id,
          endpointId: row.endpoint_id,
          event: row.event,
          body: row.body,
          attempts: row.attempts,
          url: row.url,
          secretSealed: row.secret_sealed,
        }
      );
    },

    /** Records a try that ended for good (delivered, or out of tries) and forgets the endpoint's old log. */
    async finish(claim: ClaimedDelivery, status: 'succeeded' | 'failed', outcome: TryOutcome, now: Date) {
      await transaction(db, async (tx) => {
        await tx.execute(sql`update webhook_deliveries
            set status = ${status}, response_code = ${outcome.responseCode}, error_code = ${outcome.errorCode},
                response_excerpt = ${outcome.excerpt}, lease_until = null
          where id = ${claim.id} and status = 'delivering'`);
        await tx.execute(sql`delete from webhook_deliveries
          where endpoint_id = ${claim.endpointId} and created_at < ${new Date(now.getTime() - KEEP_MS)}`);
      });
    },

    /** Records a try to be made again at `at`, with its job, in one transaction. */
    async retryLater(claim: ClaimedDelivery, outcome: TryOutcome, at: Date) {
      await transaction(db, async (tx) => {
        const { rows } = (await tx.execute(sql`update webhook_deliveries
            set status = 'retrying', response_code = ${outcome.responseCode}, error_code = ${outcome.errorCode},
                response_excerpt = ${outcome.excerpt}, lease_until = null, next_attempt_at = ${at}
          where id = ${claim.id} and status = 'delivering' returning id`)) as unknown as { rows: unknown[] };
        if (rows.length) await fanOut.queueTries(tx, [{ deliveryId: claim.id, startAfter: at }]);
      });
    },
  };
}
export type DeliveriesRepo = ReturnType<typeof createDeliveriesRepo>;
