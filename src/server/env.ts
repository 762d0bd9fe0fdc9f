import { z } from 'zod';

/**
 * Each OAuth network's app credentials and endpoints (`TWITTER_CLIENT_ID`, `TWITTER_API_URL` …). The URLs
 * default to the real services; tests point them at the fakes in test/fakes/.
 */
export const NETWORK_DEFAULTS = {
  TWITTER: {
    AUTH_URL: 'https://x.com/i/oauth2/authorize',
    TOKEN_URL: 'https://api.x.com/2/oauth2/token',
    API_URL: 'https://api.x.com',
  },
  LINKEDIN: {
    AUTH_URL: 'https://www.linkedin.com/oauth/v2/authorization',
    TOKEN_URL: 'https://www.linkedin.com/oauth/v2/accessToken',
    API_URL: 'https://api.linkedin.com',
  },
  FACEBOOK: {
    AUTH_URL: 'https://www.facebook.com/v21.0/dialog/oauth',
    TOKEN_URL: 'https://graph.facebook.com/v21.0/oauth/access_token',
    API_URL: 'https://graph.facebook.com/v21.0',
  },
  INSTAGRAM: {
    AUTH_URL: 'https://www.instagram.com/oauth/authorize',
    TOKEN_URL: 'https://api.instagram.com/oauth/access_token',
    API_URL: 'https://graph.instagram.com/v21.0',
  },
  TIKTOK: {
    AUTH_URL: 'https://www.tiktok.com/v2/auth/authorize/',
    TOKEN_URL: 'https://open.tiktokapis.com/v2/oauth/token/',
    API_URL: 'https://open.tiktokapis.com',
  },
} as const;

const networkFields = Object.fromEntries(
  Object.entries(NETWORK_DEFAULTS).flatMap(([network, urls]) => [
    [`${network}_CLIENT_ID`, z.string().min(1).optional()],
    [`${network}_CLIENT_SECRET`, z.string().min(1).optional()],
    ...Object.entries(urls).map(([key, url]) => [`${network}_${key}`, z.url().default(url)]),
  ]),
) as Record<`${keyof typeof NETWORK_DEFAULTS}_${'CLIENT_ID' | 'CLIENT_SECRET'}`, z.ZodOptional<z.ZodString>> &
  Record<`${keyof typeof NETWORK_DEFAULTS}_${'AUTH_URL' | 'TOKEN_URL' | 'API_URL'}`, z.ZodDefault<z.ZodURL>>;

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Like `bool`, but true when the variable is not set. */
const boolDefaultTrue = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === undefined || v === '' || v === 'true' || v === '1');

const DURATION_UNITS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "1h,6h,24h" → milliseconds, ascending and positive; null when any part is not a duration. */
export function parseDurations(value: string): number[] | null {
  const parts = value.split(',').map((part) => part.trim());
  const offsets: number[] = [];
  for (const part of parts) {
    const match = /^(\d{1,6})([smhd])$/.exec(part);
    if (!match) return null;
    const ms = Number(match[1]) * DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS];
    if (ms <= 0 || (offsets.length && ms <= offsets[offsets.length - 1]!)) return null;
    offsets.push(ms);
  }
  return offsets.length ? offsets : null;
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    /** Where short links live (`<this>/l/<code>`), when not on PUBLIC_URL: a short domain served by this app. */
    SHORT_LINK_BASE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Postwell <no-reply@localhost>'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    ADMIN_NAME: z.string().min(1).default('Administrator'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool,
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
    LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    TRIAL_RATE_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Calls one personal API token may make per minute (per process), over and above other limits. */
    API_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /**
     * Recurring posts, templates, custom hashtags and variable sets one user may create per minute (per
     * process), each kind counted on its own; a 429 with Retry-After past it.
     */
    CREATE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    WEB_DIST_DIR: z.string().default('dist/web'),
    /** 32 bytes, base64 or hex, that encrypt tokens at rest; generated into the data folder when absent. */
    ENCRYPTION_KEY: z
      .string()
      .refine(
        (v) => /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
        'ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64',
      )
      .optional(),
    BLUESKY_SERVICE_URL: z.url().default('https://bsky.social'),
    /** How long one publish (uploads included) may take before it counts as a timeout and is retried. */
    PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
    /**
     * Targets one worker process holds at once: claimed and being published, or waiting for their
     * network's turn (PUBLISH_NETWORK_CONCURRENCY bounds the calls). A burst is claimed this many at a time.
     */
    PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(200),
    /** Publishing calls to one network at once, per worker process. */
    PUBLISH_NETWORK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(10),
    /** A worker's claim on a target without a heartbeat lasts this long; then another worker takes over. */
    PUBLISH_LEASE_SECONDS: z.coerce.number().min(1).default(60),
    /** The first retry after a transient failure waits this long; each next one four times longer. */
    PUBLISH_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
    PUBLISH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
    /**
     * A target is claimed this long before it is due and held until its time, so that the claim's own
     * duration is not added to a post's lateness.
     */
    PUBLISH_CLAIM_LEAD_MS: z.coerce.number().int().min(0).max(1000).default(30),
    /**
     * How often a worker claims whatever the signals say (decision 036): a safety net under the due
     * alarm. A stopped worker's targets are due when their lease ends and are taken over by any claim.
     */
    PUBLISH_RECONCILE_SECONDS: z.coerce.number().min(0.5).default(15),
    /** How often a worker's due alarm reads the next due time (at most every half second). */
    PUBLISH_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
    /** How often a worker makes the posts of recurring occurrences that have come within the horizon. */
    RECURRING_ROUND_SECONDS: z.coerce.number().min(0.1).default(30),
    /** How often a worker reads the feeds that are due (issue 27). */
    FEEDS_ROUND_SECONDS: z.coerce.number().min(0.1).default(60),
    /** How often a worker makes the copies of evergreen posts that are due again (issue 27). */
    EVERGREEN_ROUND_SECONDS: z.coerce.number().min(0.1).default(60),
    /** How long one read of a feed may take, redirects included. */
    FEEDS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(20),
    /** Occurrences due within this many hours are made into posts ahead (and show on the calendar). */
    RECURRING_HORIZON_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 31)
      .default(24),
    /** A missed occurrence (the server was down) at most this late is still published; older ones are skipped. */
    RECURRING_GRACE_MINUTES: z.coerce.number().min(0).default(60),
    /** Media storage per user (uploads, thumbnails, renders), in MB: an upload past it is refused (413). */
    MEDIA_QUOTA_MB: z.coerce.number().int().min(1).default(2048),
    /** Upload bytes one user may send per minute, in MB (429 with Retry-After past it), per API process. */
    MEDIA_UPLOAD_MB_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /** The ffmpeg that renders edited videos; default: the one shipped in @ffmpeg-installer/ffmpeg. */
    FFMPEG_PATH: z.string().min(1).optional(),
    /** Video renders one worker process runs at once (each uses every core ffmpeg is given). */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** How long before a post's time its edited videos are rendered. */
    RENDER_LEAD_MINUTES: z.coerce.number().min(0).default(10),
    /**
     * A render's time bound (decision 033): ffmpeg is killed, and the render failed, after this many
     * seconds plus RENDER_TIMEOUT_PER_SECOND for each second of the edited video.
     */
    RENDER_TIMEOUT_BASE_SECONDS: z.coerce.number().min(0).default(60),
    RENDER_TIMEOUT_PER_SECOND: z.coerce.number().min(0.01).default(2),
    /** How often a due post whose edited video is not ready yet looks again. */
    RENDER_WAIT_SECONDS: z.coerce.number().min(0.1).default(5),
    /** An OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, Gemini), e.g. http://localhost:11434/v1. */
    AI_BASE_URL: z.url().optional(),
    AI_API_KEY: z.string().min(1).optional(),
    /** The model to ask; with AI_BASE_URL it turns on content generation and chat. */
    AI_MODEL: z.string().min(1).optional(),
    /** How long one model call, streaming included, may take. */
    AI_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
    /** AI calls one user may make per minute, all AI routes together. */
    AI_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * When a published post's figures are read, after it was published: a comma-separated list of
     * durations (s, m, h, d), ascending. Tests and the e2e suite use seconds.
     */
    METRICS_SCHEDULE: z
      .string()
      .default('1h,6h,24h,72h')
      .transform((value, ctx) => {
        const offsets = parseDurations(value);
        if (!offsets)
          ctx.addIssue({
            code: 'custom',
            message: 'METRICS_SCHEDULE: durations like 1h,6h,24h,72h, ascending',
          });
        return offsets ?? [];
      }),
    /** After the schedule, one reading a "day" until this many days after publishing (0: none). */
    METRICS_DAILY_DAYS: z.coerce.number().int().min(0).max(90).default(14),
    /** How long that "day" is: 24h, or seconds in tests. */
    METRICS_DAILY_EVERY: z
      .string()
      .default('24h')
      .transform((value, ctx) => {
        const [every] = parseDurations(value) ?? [];
        if (every === undefined || parseDurations(value)!.length !== 1)
          ctx.addIssue({ code: 'custom', message: 'METRICS_DAILY_EVERY: one duration like 24h' });
        return every ?? 0;
      }),
    /** Metric reads one worker process runs at once. */
    METRICS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    /** The most one metric read from a network may take. */
    METRICS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** Sign-in with an OpenID Connect provider (decision 025): its issuer URL, without the well-known path. */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
    /** The sign-in button's text; when not set the web app shows its own, translated. */
    OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).optional(),
    /** Password sign-in off: the login page shows only the provider's button. */
    OIDC_ONLY: bool,
    /** A first sign-in with a verified email and no account creates a `user`; false: only existing accounts. */
    OIDC_AUTO_CREATE: boolDefaultTrue,
    /**
     * The bearer token that `GET /metrics` asks for (decision 024); without it /metrics answers 404 on
     * the app's port. At least 24 characters.
     */
    METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
    /** A separate port on 127.0.0.1 that serves /metrics alone, in any role (a worker too). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Hours between the administrators' digest mails of failures and accounts to reconnect (0: none). */
    ALERTS_DIGEST_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 7)
      .default(24),
    /**
     * How often a post still waiting for approval at its time is marked "not approved in time" (issue 25).
     * It is never published either way; this only says so sooner.
     */
    APPROVALS_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Webhook URLs may point to loopback and private addresses (a receiver on the same network). */
    WEBHOOKS_ALLOW_PRIVATE: bool,
    /** Webhook URLs may be plain http outside development and test (behind a trusted network only). */
    WEBHOOKS_ALLOW_HTTP: bool,
    /** The most one webhook delivery (connect, send, answer) may take. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Tries of one delivery before it is recorded failed for good. */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    /** The first retry of a delivery waits this long, each next one four times longer (capped at 6 hours). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
    /** Webhook deliveries one worker process sends at once. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
    /**
     * Media in an S3-compatible bucket instead of the data folder (decision 026): S3_BUCKET turns it on;
     * S3_ENDPOINT for anything but AWS itself (MinIO, Garage, R2, Backblaze).
     */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (a-z, 0-9, . and -)')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `endpoint/bucket/key` URLs (MinIO, Garage and most self-hosted stores need it). */
    S3_FORCE_PATH_STYLE: bool,
    /** A folder in the bucket for this installation's files, when the bucket is shared. */
    S3_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/,
        'S3_PREFIX must be folder names (a-z, 0-9, _ and -) joined by /',
      )
      .optional(),
    /**
     * The links Instagram and TikTok fetch media from: `app` (default) a signed link to this server,
     * `presigned` the bucket's own pre-signed URL (this server then needs no public address for them).
     */
    S3_MEDIA_LINKS: z.enum(['app', 'presigned']).default('app'),
    ...networkFields,
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SHORT_LINK_BASE_URL: (
      env.SHORT_LINK_BASE_URL ??
      env.PUBLIC_URL ??
      `http://localhost:${env.PORT}`
    ).replace(/\/$/, ''),
  }))
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  })
  .refine((env) => !env.OIDC_ISSUER === !env.OIDC_CLIENT_ID && !env.OIDC_ISSUER === !env.OIDC_CLIENT_SECRET, {
    message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
  })
  .refine((env) => !env.OIDC_ONLY || env.OIDC_ISSUER, {
    message: 'OIDC_ONLY needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  })
  .refine((env) => env.S3_BUCKET || (!env.S3_ENDPOINT && !env.S3_ACCESS_KEY_ID && !env.S3_PREFIX), {
    message: 'S3_BUCKET is required when any other S3_ variable is set',
  });

export type Env = z.output<typeof EnvSchema>;

/** The only reader of process.env. Throws one readable message listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
