import { z } from 'zod';

/** The events an endpoint may subscribe to (decision 023). `webhook.test` is only ever sent on request. */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.partially_failed',
  'target.failed',
  'account.needs_reconnect',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_SCOPES = ['own', 'all'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivering', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Shape only; whether the scheme and the address are allowed is the server's check (it resolves the host). */
const UrlSchema = z
  .string('webhooks.urlInvalid')
  .trim()
  .min(1, 'webhooks.urlRequired')
  .max(WEBHOOK_URL_MAX, 'webhooks.urlInvalid')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'webhooks.urlInvalid');

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, 'webhooks.eventsInvalid'), 'webhooks.eventsRequired')
  .min(1, 'webhooks.eventsRequired')
  .max(WEBHOOK_EVENTS.length, 'webhooks.eventsInvalid')
  .transform((events) => [...new Set(events)]);

export const CreateWebhookBodySchema = z.object({
  url: UrlSchema,
  events: EventsSchema,
  /** `all`: every user's events (administrators only); `own`: the owner's. */
  scope: z.enum(WEBHOOK_SCOPES, 'webhooks.scopeInvalid').default('own'),
});
export type CreateWebhookWrite = z.input<typeof CreateWebhookBodySchema>;
export type CreateWebhookInput = z.output<typeof CreateWebhookBodySchema>;

export const UpdateWebhookBodySchema = z
  .object({
    enabled: z.boolean('errors.validation').optional(),
    events: EventsSchema.optional(),
  })
  .refine((body) => body.enabled !== undefined || body.events !== undefined, 'errors.validation');
export type UpdateWebhookInput = z.output<typeof UpdateWebhookBodySchema>;

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  scope: z.enum(WEBHOOK_SCOPES),
  enabled: z.boolean(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretPrefix: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to creating an endpoint: the only time its signing secret is sent. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;
export const WebhookListSchema = z.object({ data: z.array(WebhookSchema) });

export const WebhookOwnerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const AdminWebhookSchema = WebhookSchema.extend({ owner: WebhookOwnerSchema });
export type AdminWebhook = z.infer<typeof AdminWebhookSchema>;
export const AdminWebhookListSchema = z.object({
  data: z.array(AdminWebhookSchema),
  total: z.number().int(),
});

export const DeliverySchema = z.object({
  id: z.uuid(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;
export const DeliveryListSchema = z.object({ data: z.array(DeliverySchema) });

export const WebhookIdParamsSchema = z.object({ id: z.uuid('errors.validation') });

export const AdminWebhookListQuerySchema = z.object({
  limit: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(200, 'errors.validation')
    .default(100),
  offset: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(0, 'errors.validation')
    .max(1_000_000, 'errors.validation')
    .default(0),
});
