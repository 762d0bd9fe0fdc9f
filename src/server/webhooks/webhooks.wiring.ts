import type { FastifyBaseLogger } from 'fastify';
import type { AuditRepo } from '../audit/audit.repo';
import type { Sealer } from '../connections/crypto';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Queue } from '../jobs/queue';
import { type AddressPolicy, type Resolver, systemResolver } from './address-policy';
import { createDeliverer } from './deliverer';
import { createDeliveriesRepo } from './deliveries.repo';
import { createWebhookFanOut } from './deliver-webhook.job';
import { createWebhookEvents } from './webhook-events';
import { createWebhooksRepo } from './webhooks.repo';
import { createWebhooksService } from './webhooks.service';

/** Where webhooks may go: https and public addresses, unless the environment says otherwise. */
export const addressPolicyOf = (env: Env): AddressPolicy => ({
  allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  allowHttp: env.WEBHOOKS_ALLOW_HTTP || env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
});

/** The webhooks feature wired once for the composition root: its service, its event hooks and its worker. */
export function createWebhooks(deps: {
  db: Db;
  env: Env;
  queue: Queue;
  audit: AuditRepo;
  sealer: Sealer;
  logger: FastifyBaseLogger;
  clock: () => Date;
  resolve?: Resolver;
  /** Counts delivery outcomes for /metrics. */
  countDelivery?: (outcome: 'delivered' | 'retry' | 'failed') => void;
}) {
  const { db, env, queue, sealer, logger, clock, resolve = systemResolver } = deps;
  const repo = createWebhooksRepo(db);
  const fanOut = createWebhookFanOut(queue, repo);
  const policy = addressPolicyOf(env);
  return {
    service: createWebhooksService({
      repo,
      fanOut,
      audit: deps.audit,
      sealer,
      policy,
      resolve,
      clock,
    }),
    /** Called inside the transactions that record publishing outcomes and accounts set aside. */
    events: createWebhookEvents(fanOut, repo),
    /** The delivery worker, started by processes that publish (main with a worker role, tests). */
    deliverer: () =>
      createDeliverer(
        {
          repo: createDeliveriesRepo(db, fanOut),
          queue,
          sealer,
          resolve,
          logger,
          clock,
          count: deps.countDelivery,
        },
        {
          timeoutMs: env.WEBHOOK_TIMEOUT_MS,
          maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
          retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
          concurrency: env.WEBHOOK_CONCURRENCY,
          policy,
        },
      ),
  };
}
