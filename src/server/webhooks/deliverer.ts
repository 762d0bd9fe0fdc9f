import type { FastifyBaseLogger } from 'fastify';
import type { Sealer } from '../connections/crypto';
import type { Queue } from '../jobs/queue';
import type { AddressPolicy, Resolver } from './address-policy';
import type { DeliveriesRepo, TryOutcome } from './deliveries.repo';
import { deliverWebhookJob } from './deliver-webhook.job';
import { type SendResult, sendWebhook } from './send';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export interface DelivererOptions {
  timeoutMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  concurrency: number;
  policy: AddressPolicy;
}

export interface DelivererDeps {
  repo: DeliveriesRepo;
  queue: Queue;
  sealer: Sealer;
  resolve: Resolver;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Counts each try's outcome (the process's /metrics, decision 024). */
  count?: (outcome: 'delivered' | 'retry' | 'failed') => void;
}

const MAX_BACKOFF_MS = 6 * 60 * 60_000;

/** The wait before try `attempts + 1`: the base, four times longer after each try, capped at 6 hours. */
export const backoffMs = (base: number, attempts: number) =>
  Math.min(base * 4 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

const outcomeOf = (result: SendResult): TryOutcome =>
  result.kind === 'answered'
    ? { responseCode: result.status, errorCode: null, excerpt: result.excerpt || null }
    : { responseCode: null, errorCode: result.code, excerpt: null };

/**
 * The webhook worker: claims a delivery, signs its body with the endpoint's secret and a fresh timestamp,
 * sends it, and records the try. A 2xx answer delivers it; anything else (another status, a redirect, a
 * timeout, an address now refused) is tried again after a backoff until `maxAttempts`, then fails for good.
 */
export function createDeliverer(deps: DelivererDeps, options: DelivererOptions) {
  const { repo, sealer, logger, clock } = deps;
  // A claim outlives the longest try with room to record it; a worker that died is taken over after it.
  const leaseMs = options.timeoutMs * 2 + 10_000;

  async function deliver(deliveryId: string) {
    const claim = await repo.claim(deliveryId, clock(), leaseMs);
    if (!claim) return;
    const timestamp = Math.floor(clock().getTime() / 1000);
    const result = await sendWebhook({
      url: claim.url,
      body: claim.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Postwell-Webhooks/1',
        'postwell-event': claim.event,
        'postwell-delivery': claim.id,
        [SIGNATURE_HEADER]: signatureHeader(sealer.open(claim.secretSealed), timestamp, claim.body),
      },
      timeoutMs: options.timeoutMs,
      policy: options.policy,
      resolve: deps.resolve,
    });
    const outcome = outcomeOf(result);
    const now = clock();
    if (result.kind === 'answered' && result.status >= 200 && result.status < 300) {
      deps.count?.('delivered');
      return repo.finish(claim, 'succeeded', outcome, now);
    }
    if (claim.attempts >= options.maxAttempts) {
      deps.count?.('failed');
      logger.warn({ delivery: claim.id, ...outcome, excerpt: undefined }, 'webhook delivery failed for good');
      return repo.finish(claim, 'failed', outcome, now);
    }
    deps.count?.('retry');
    await repo.retryLater(
      claim,
      outcome,
      new Date(now.getTime() + backoffMs(options.retryBaseMs, claim.attempts)),
    );
  }

  return {
    deliver,
    async start() {
      await deps.queue.work(deliverWebhookJob, ({ deliveryId }) => deliver(deliveryId), {
        concurrency: options.concurrency,
      });
    },
  };
}
