import { z } from 'zod';

/** The events an endpoint may subscribe to (decision 023). `webhook.test` is only ever sent on request. */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.partially_failed',
  'target.failed',
  'account.needs_reconnect',
  'post.approval_requested',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_SCOPES = ['own', 'all'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivering', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type WebhookUrlProblem = 'invalid' | 'credentials' | 'backslash';

/**
 * A webhook URL as the server will call it, or what is wrong with its shape. Parsers disagree on a
 * backslash (`https://8.8.8.8\@127.0.0.1/` is host 8.8.8.8 to a browser, 127.0.0.1 to others) and on
 * user info (`https://:@8.8.8.8/` has an empty user and password, which `URL` forgets): neither has a
 * use in a webhook, so both are refused rather than read one way. The raw text is looked at as the URL
 * parser reads it: without tabs, line breaks and surrounding spaces. The length bound is on the
 * normalised URL (`url.href`), which is what is stored and shown.
 */
export function parseWebhookUrl(
  raw: string,
): { ok: true; url: URL } | { ok: false; problem: WebhookUrlProblem } {
  const text = raw.replace(/[\t\n\r]/g, '').trim();
  if (text.includes('\\')) return { ok: false, problem: 'backslash' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'invalid' };
  const afterScheme = text.slice(url.protocol.length).replace(/^\/*/, '');
  const end = afterScheme.search(/[/?#]/);
  const authority = end === -1 ? afterScheme : afterScheme.slice(0, end);
  if (authority.includes('@') || url.username || url.password) return { ok: false, problem: 'credentials' };
  if (url.href.length > WEBHOOK_URL_MAX) return { ok: false, problem: 'invalid' };
  return { ok: true, url };
}

const URL_PROBLEM_KEYS: Record<WebhookUrlProblem, string> = {
  invalid: 'webhooks.urlInvalid',
  credentials: 'webhooks.urlCredentials',
  backslash: 'webhooks.urlBackslash',
};

/**
 * Shape only; whether the scheme and the address are allowed is the server's check (it resolves the
 * host), and the server stores the URL as the parser normalised it (`new URL(url).href`).
 */
const UrlSchema = z
  .string('webhooks.urlInvalid')
  .trim()
  .min(1, 'webhooks.urlRequired')
  .max(WEBHOOK_URL_MAX, 'webhooks.urlInvalid')
  .superRefine((value, ctx) => {
    const parsed = parseWebhookUrl(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: URL_PROBLEM_KEYS[parsed.problem] });
  });

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
