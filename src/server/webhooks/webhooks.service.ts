import type {
  AdminWebhook,
  CreateWebhookInput,
  CreatedWebhook,
  Delivery,
  UpdateWebhookInput,
  Webhook,
  WebhookEvent,
} from '../../shared/api/webhooks.schemas';
import { WEBHOOK_TEST_EVENT } from '../../shared/api/webhooks.schemas';
import { canManageUsers } from '../../shared/roles';
import type { AuditRepo } from '../audit/audit.repo';
import { forbidden, type SessionUser, scopeOf } from '../auth/session';
import type { Sealer } from '../connections/crypto';
import { AppError, notFound } from '../http/errors';
import { type AddressPolicy, checkTarget, type Resolver } from './address-policy';
import type { WebhookFanOut } from './deliver-webhook.job';
import { newWebhookSecret } from './signature';
import { eventBody } from './webhook-events';
import type { DeliveryRow, EndpointRow, EndpointWithOwner, WebhooksRepo } from './webhooks.repo';

/** Endpoints one user may register. */
export const WEBHOOKS_MAX = 20;
/** "Send test" presses per endpoint per minute. */
export const TESTS_PER_MINUTE = 10;

export interface WebhooksServiceDeps {
  repo: WebhooksRepo;
  fanOut: WebhookFanOut;
  audit: AuditRepo;
  sealer: Sealer;
  policy: AddressPolicy;
  resolve: Resolver;
  clock: () => Date;
}

const toWebhook = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  scope: row.scope,
  enabled: row.enabled,
  secretPrefix: row.secretPrefix,
  createdAt: row.createdAt.toISOString(),
});

const toAdminWebhook = (row: EndpointWithOwner): AdminWebhook => ({ ...toWebhook(row), owner: row.owner });

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  errorCode: row.errorCode,
  responseExcerpt: row.responseExcerpt,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
});

const URL_REFUSALS = {
  scheme: ['webhooks.urlNotHttps', 'The URL must start with https://.'],
  credentials: ['webhooks.urlCredentials', 'The URL must not carry a user name or password.'],
  backslash: ['webhooks.urlBackslash', 'The URL must not contain a backslash.'],
  private_address: [
    'webhooks.urlPrivate',
    'The URL points to a private, loopback or local address, which this server does not call.',
  ],
  unresolvable: ['webhooks.urlUnresolvable', 'The URL’s host name does not resolve.'],
} as const;

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { repo, audit, sealer, clock } = deps;

  /** The endpoint, if it is the request's workspace's; another's is not found (its existence is not told). */
  async function own(actor: SessionUser, id: string) {
    const found = await repo.find(id);
    if (!found || found.workspaceId !== actor.workspace.id) throw notFound('This webhook');
    return found;
  }

  /** The URL as it will be called (normalised by the URL parser), which is what is stored and shown. */
  async function allowedUrl(url: string): Promise<string> {
    const check = await checkTarget(url, deps.policy, deps.resolve);
    if (check.ok) return check.url.href;
    const [key, message] = URL_REFUSALS[check.reason];
    throw new AppError(400, 'WEBHOOK_URL_REFUSED', message, { fields: { url: key } });
  }

  return {
    async list(actor: SessionUser) {
      return { data: (await repo.listByWorkspace(actor.workspace.id)).map(toWebhook) };
    },

    async create(actor: SessionUser, input: CreateWebhookInput): Promise<CreatedWebhook> {
      if (input.scope === 'all' && !canManageUsers(actor.role)) throw forbidden();
      const url = await allowedUrl(input.url);
      const { secret, prefix } = newWebhookSecret();
      const row = await repo.createWithinCap(
        {
          userId: actor.id,
          workspaceId: actor.workspace.id,
          url,
          events: input.events,
          scope: input.scope,
          secretSealed: sealer.seal(secret),
          secretPrefix: prefix,
        },
        WEBHOOKS_MAX,
      );
      if (!row)
        throw new AppError(
          409,
          'TOO_MANY_WEBHOOKS',
          `This workspace already has ${WEBHOOKS_MAX} webhooks; delete one first.`,
          { params: { max: WEBHOOKS_MAX } },
        );
      await audit.record({
        actor,
        action: 'webhook.created',
        details: { webhookId: row.id, url: row.url, events: row.events, scope: row.scope },
      });
      return { ...toWebhook(row), secret };
    },

    async update(actor: SessionUser, id: string, input: UpdateWebhookInput) {
      await own(actor, id);
      const row = await repo.update(id, input);
      if (!row) throw notFound('This webhook');
      return toWebhook(row);
    },

    async remove(actor: SessionUser, id: string) {
      const found = await own(actor, id);
      await repo.remove(id);
      await audit.record({ actor, action: 'webhook.deleted', details: { webhookId: id, url: found.url } });
      return toWebhook(found);
    },

    /** Queues a `webhook.test` delivery to the endpoint, whatever events it subscribes to. */
    async sendTest(actor: SessionUser, id: string) {
      const found = await own(actor, id);
      if (!found.enabled)
        throw new AppError(409, 'WEBHOOK_DISABLED', 'This webhook is turned off; turn it on to send a test.');
      const now = clock();
      const recent = await repo.countTests(id, new Date(now.getTime() - 60_000));
      if (recent >= TESTS_PER_MINUTE)
        throw new AppError(429, 'RATE_LIMITED', 'Too many tests. Try again in a minute.', {
          retryAfterSeconds: 60,
        });
      const body = eventBody(
        WEBHOOK_TEST_EVENT,
        scopeOf(actor),
        { webhookId: id, message: 'A test delivery from Postwell.' },
        now,
      );
      const row = await repo.transaction(async (tx) => {
        const delivery = await repo.addDelivery(tx, id, WEBHOOK_TEST_EVENT, body, now);
        await deps.fanOut.queueTries(tx, [{ deliveryId: delivery.id }]);
        return delivery;
      });
      return toDelivery(row);
    },

    async deliveries(actor: SessionUser, id: string) {
      await own(actor, id);
      return { data: (await repo.deliveries(id)).map(toDelivery) };
    },

    async listAll(actor: SessionUser, limit: number, offset: number) {
      if (!canManageUsers(actor.role)) throw forbidden();
      const { rows, total } = await repo.listAll(limit, offset);
      return { data: rows.map(toAdminWebhook), total };
    },

    /** An administrator deletes anyone's endpoint (an endpoint leaking data must be stoppable). */
    async removeAny(actor: SessionUser, id: string) {
      if (!canManageUsers(actor.role)) throw forbidden();
      const found = await repo.find(id);
      if (!found) throw notFound('This webhook');
      await repo.remove(id);
      await audit.record({
        actor,
        action: 'webhook.deleted_by_admin',
        target: found.owner,
        details: { webhookId: id, url: found.url },
      });
      return toAdminWebhook(found);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
