import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { POST_STATUSES, type StoredVersion } from '../../shared/api/posts.schemas';
import { WORKSPACE_ROLES } from '../../shared/workspaces/rules';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tz('created_at').notNull().defaultNow();

// better-auth's tables, written by hand because its schema CLI needs Node 22 (DESIGN.md section 2).
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: tz('ban_expires'),
  /** The IANA zone the user schedules and reads the calendar in; null: the browser's own zone. */
  timezone: text('timezone'),
  locale: text('locale').notNull().default('en'),
  trialEndsAt: tz('trial_ends_at'),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tz('access_token_expires_at'),
    refreshTokenExpiresAt: tz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Application-wide settings (trialDurationDays, the first-admin marker), one JSON value per key. */
/**
 * A workspace owns what a team shares (decision 042): accounts, posts, templates, media, analytics,
 * webhooks. Every user has a personal one (`personal_of`), made with the user; more are made at will.
 */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The zone a new post or rule of the workspace starts in; null: the author's own. */
  timezone: text('timezone'),
  /** Whether a contributor's scheduling waits for an approval (issue 25, a later step). */
  approvalRequired: boolean('approval_required').notNull().default(false),
  /** The user whose personal workspace this is: at most one each, gone with the user. */
  personalOf: text('personal_of')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Who belongs to a workspace and as what (`shared/workspaces/rules.ts` says what each role may do). */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    joinedAt: tz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/**
 * When each member last did something in a workspace (a request there), for the member list. Apart from
 * `workspace_members` so that writing it never announces a change of membership (the change feed's
 * `auth:` notice would drop every remembered session of the member).
 */
export const workspaceMemberActivity = pgTable(
  'workspace_member_activity',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: text('user_id').notNull(),
    lastActiveAt: tz('last_active_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [workspaceMembers.workspaceId, workspaceMembers.userId],
      name: 'workspace_member_activity_member_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Invitations to join a workspace with a role (issue 25): a one-use link that expires. Only a SHA-256 of
 * the link's token is kept. At most one waits per address and workspace; inviting again replaces it.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    acceptedAt: tz('accepted_at'),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    uniqueIndex('workspace_invitations_waiting_idx')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const trialRequests = pgTable(
  'trial_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: tz('decided_at'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The trial account an approval created. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  // One open request per address: a second one is answered politely, not stored twice.
  (t) => [
    uniqueIndex('trial_requests_pending_email_idx')
      .on(t.email)
      .where(sql`status = 'pending'`),
  ],
);

/** Failed sign-ins per account, for the lock-out that complements the per-IP rate limit. */
/**
 * Failed password checks per account and device (OWASP's device cookies): `device` is '' for every browser
 * the account never signed in from, which share one lock, or the nonce of a trusted browser's device
 * cookie, which is judged on its own failures alone.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    email: text('email').notNull(),
    device: text('device').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: tz('window_started_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.email, t.device] })],
);

/** Every mail the app sends, sent or not: the record when SMTP is absent or down. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);

/** Every administrative action and every refused attempt at one: who, what, whom, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetEmail: text('target_email'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
);

/**
 * A post and one target per network it goes to (DESIGN.md sections 4 and 5). The posts and publishing
 * features fill these in; everything a user owns goes with them when the user is deleted.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentHtml: text('content_html').notNull().default(''),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    scheduledAt: tz('scheduled_at'),
    /** A hash of what was approved (content, media, networks, time): a change to any asks again (issue 25). */
    approvalHash: text('approval_hash'),
    /** Why a reviewer last sent it back to draft; cleared when it is sent for approval again. */
    reviewNote: text('review_note'),
    timezone: text('timezone').notNull().default('UTC'),
    /** The recurring post this is an occurrence of; null for a single post and once the rule is deleted. */
    recurringId: uuid('recurring_id').references(() => recurringPosts.id, { onDelete: 'set null' }),
    /** The occurrence it was made for: with `recurringId`, the key that makes each occurrence once. */
    occurrenceAt: tz('occurrence_at'),
    /**
     * Per-network versions (issue 26): a network listed here receives its own text and, when `media` is
     * set, only those of the post's files; the others receive the post itself.
     */
    versions: jsonb('versions').$type<StoredVersion[]>().notNull().default([]),
    /** The evergreen post this is a recycled copy of (issue 27); null for any other post. */
    evergreenId: uuid('evergreen_id').references((): AnyPgColumn => evergreenPosts.id, {
      onDelete: 'set null',
    }),
    /** Which time round it is (1 for the first copy): with `evergreenId`, each round's posts. */
    evergreenRound: integer('evergreen_round'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('posts_workspace_scheduled_idx').on(t.workspaceId, t.scheduledAt),
    index('posts_status_scheduled_idx').on(t.status, t.scheduledAt),
    uniqueIndex('posts_occurrence_idx').on(t.recurringId, t.occurrenceAt),
    index('posts_evergreen_idx')
      .on(t.evergreenId, t.evergreenRound)
      .where(sql`${t.evergreenId} is not null`),
  ],
);

export const postTargets = pgTable(
  'post_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    status: text('status', { enum: ['pending', 'publishing', 'retrying', 'published', 'failed'] })
      .notNull()
      .default('pending'),
    /**
     * The network's id of the account it goes to, chosen when the post is written (issue 25: several
     * accounts per network); null for "the network's first account", as before there could be several.
     * Kept by the network's id, not the connection's, so that reconnecting the account finds it again.
     */
    accountId: text('account_id'),
    /** The connection it goes to, fixed when the publish starts; null while pending or once disconnected. */
    connectionId: uuid('connection_id').references(() => socialConnections.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    remoteId: text('remote_id'),
    remoteUrl: text('remote_url'),
    lastError: text('last_error'),
    /** A stable code the web translates (`needs_reconnect`, `unexpected_answer` …); null for the network's own words. */
    lastErrorCode: text('last_error_code'),
    publishedAt: tz('published_at'),
    /** When the next try is due while `retrying`. */
    nextAttemptAt: tz('next_attempt_at'),
    /**
     * When a worker should take it (decision 036): the post's time while pending, the next try while
     * retrying, the end of its lease while publishing (a dead worker's target is taken over then); null
     * once it is published or failed, and while its post is not scheduled. The one claim reads it.
     */
    dueAt: tz('due_at'),
    /** While `publishing`: the claim of one worker; past this instant another worker may take over. */
    leaseUntil: tz('lease_until'),
    /** Values an adapter saved between attempts (TikTok publish id, Instagram container id). */
    checkpoint: jsonb('checkpoint').$type<Record<string, string>>().notNull().default({}),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('post_targets_post_idx').on(t.postId),
    index('post_targets_status_updated_idx').on(t.status, t.updatedAt),
    index('post_targets_connection_idx').on(t.connectionId),
    // Only targets a worker has still to take (or may take over) have a due time.
    index('post_targets_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);

/** One row per try to publish a target: when, how it ended, how long the network took. */
export const publishAttempts = pgTable(
  'publish_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    startedAt: tz('started_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
    /** null while running, or forever when the worker died in the middle (the next try resumes). */
    outcome: text('outcome', { enum: ['published', 'retry', 'failed', 'interrupted'] }),
    error: text('error'),
    errorCode: text('error_code'),
    latencyMs: integer('latency_ms'),
    /** Which process ran it (host:pid), to read crash reports. */
    worker: text('worker').notNull(),
  },
  (t) => [index('publish_attempts_target_idx').on(t.targetId, t.startedAt)],
);

/**
 * A connected account of one network. A workspace may connect several of one network (issue 25); the
 * spec's connections map, keyed by platform, shows the first connected. Credentials are AES-256-GCM
 * ciphertext (see crypto.ts).
 */
export const socialConnections = pgTable(
  'social_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    accountId: text('account_id').notNull(),
    username: text('username').notNull(),
    credentials: text('credentials').notNull(),
    tokenExpiresAt: tz('token_expires_at'),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['connected', 'needs_reconnect'] })
      .notNull()
      .default('connected'),
    statusReason: text('status_reason'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_connections_workspace_account_idx').on(t.workspaceId, t.platform, t.accountId)],
);

/** An OAuth consent in progress: bound to the session's user, used once, gone after 10 minutes. */
export const oauthStates = pgTable('oauth_states', {
  /** sha256 of the state sent to the network; the state itself is never stored. */
  stateHash: text('state_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The workspace the account is connected for: where the consent began. */
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  platform: text('platform').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: tz('expires_at').notNull(),
  createdAt: createdAt(),
});

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    industry: text('industry'),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    contentHtml: text('content_html').notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('templates_workspace_idx').on(t.workspaceId, t.category)],
);

/** Workspaces that have received the built-in sample templates, so deleting a sample does not bring it back. */
export const templateSeeds = pgTable('template_seeds', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  seededAt: tz('seeded_at').notNull().defaultNow(),
});

export const customHashtags = pgTable(
  'custom_hashtags',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.category, t.tag] })],
);

export const recentHashtags = pgTable(
  'recent_hashtags',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    usedAt: tz('used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** An uploaded image or video, stored under the data folder (or an object store) by its storage key. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    /** The thumbnail's size, counted in the user's storage quota with the file's (0 before migration 0022). */
    thumbnailBytes: integer('thumbnail_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_user_idx').on(t.userId, t.createdAt),
    index('media_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** The images and videos of a post, in order, with the edits made to each video in the composer. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Alternative text for an image, sent to networks that take it (Bluesky, X). */
    alt: text('alt').notNull().default(''),
    edits: jsonb('edits').$type<Record<string, unknown>>().notNull().default({}),
    /** The edited file the networks receive (set when the post is scheduled); null: the upload as it is. */
    renderId: uuid('render_id').references(() => videoRenders.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.mediaId] }),
    index('post_media_media_idx').on(t.mediaId),
    index('post_media_render_idx').on(t.renderId),
  ],
);

/**
 * An edited video as the networks receive it (decision 016): one row per distinct output, keyed by the
 * hash of the source, the layout (trim, frame, caption lines) and the encoding profile, so posts that
 * ask for the same output share one file. Rendered by the `render-video` job ahead of the slot.
 */
export const videoRenders = pgTable(
  'video_renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** `cancelled`: stopped because no post waiting for it needs it any more (decision 033). */
    status: text('status', { enum: ['pending', 'rendering', 'ready', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** The shared layout (shared/video/layout.ts) the render draws. */
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull(),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    /** Why it failed: a code the web words (RENDER_FAILURES). */
    error: text('error', { enum: ['no_ffmpeg', 'ffmpeg_failed', 'timeout', 'internal'] }),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: tz('lease_until'),
    /** When its last run began: the user whose last render began longest ago gets the next slot. */
    startedAt: tz('started_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('video_renders_media_idx').on(t.mediaId)],
);

/** Named values a user inserts into captions as {{name}} (the spec kept them in the browser). */
export const variables = pgTable(
  'variables',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.name] })],
);

/**
 * A recurring post (DESIGN.md section 8): content, media and networks, and a rule read by
 * `shared/recurrence.ts` in the owner's zone. The worker turns each occurrence into an ordinary post a
 * little before it is due (`recurring/`); `next_at` is the first occurrence not yet turned into one.
 */
export const recurringPosts = pgTable(
  'recurring_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentHtml: text('content_html').notNull().default(''),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    /** The accounts chosen where a network has several: each occurrence's targets go to them. */
    accounts: jsonb('accounts').$type<{ platform: string; accountId: string }[]>().notNull().default([]),
    /** Networks' and accounts' own versions (issue 26), copied into each occurrence like the text. */
    versions: jsonb('versions').$type<StoredVersion[]>().notNull().default([]),
    startAt: tz('start_at').notNull(),
    endAt: tz('end_at'),
    /** End after this many occurrences from `start_at`; null for no limit. */
    occurrenceCount: integer('occurrence_count'),
    frequency: text('frequency').notNull(),
    interval: integer('interval').notNull().default(1),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    timezone: text('timezone').notNull(),
    /** The next occurrence not yet made into a post; null once the rule has ended, or while it waits. */
    nextAt: tz('next_at'),
    /**
     * Whether the rule may make posts (issue 25): `approved`, or `awaiting_approval` (a contributor's, in
     * a workspace that asks for approval) and `rejected`, which make none. A rule is approved once.
     */
    approvalStatus: text('approval_status').notNull().default('approved'),
    /** What was approved (recurring/rule-hash.ts): saving it unchanged keeps the approval. */
    approvalHash: text('approval_hash'),
    /** Why it was last sent back. */
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('recurring_posts_workspace_idx').on(t.workspaceId, t.createdAt),
    index('recurring_posts_next_idx').on(t.nextAt),
  ],
);

/** The images and videos of a recurring post, copied into each occurrence. */
export const recurringMedia = pgTable(
  'recurring_media',
  {
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringPosts.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
    edits: jsonb('edits').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.recurringId, t.mediaId] }),
    index('recurring_media_media_idx').on(t.mediaId),
  ],
);

/** Occurrences that were not published because they were missed (the server was down past the grace). */
export const recurringSkips = pgTable(
  'recurring_skips',
  {
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringPosts.id, { onDelete: 'cascade' }),
    occurrenceAt: tz('occurrence_at').notNull(),
    reason: text('reason', { enum: ['missed'] }).notNull(),
    recordedAt: tz('recorded_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recurringId, t.occurrenceAt] })],
);

/**
 * One reading of a published target's figures (analytics), one row per scheduled slot: the figures the
 * network gave (null: not given, never 0), or why there are none (`paused` while the account needs
 * reconnecting, `failed` with the code). Keyed by (target, slot), so a read job run twice stores once.
 */
export const targetMetrics = pgTable(
  'target_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** Which reading of the schedule (0: the first, at about +1 h). */
    slot: integer('slot').notNull(),
    collectedAt: tz('collected_at').notNull(),
    outcome: text('outcome', { enum: ['read', 'paused', 'failed'] }).notNull(),
    errorCode: text('error_code'),
    likes: integer('likes'),
    shares: integer('shares'),
    comments: integer('comments'),
    reach: integer('reach'),
    impressions: integer('impressions'),
  },
  (t) => [
    uniqueIndex('target_metrics_target_slot_idx').on(t.targetId, t.slot),
    index('target_metrics_target_collected_idx').on(t.targetId, t.collectedAt),
    index('target_metrics_workspace_collected_idx').on(t.workspaceId, t.collectedAt),
  ],
);

/**
 * Personal API tokens (docs/decisions/022-api-tokens.md). Only the SHA-256 of the secret is kept, and
 * the first characters of the token to tell them apart in a list; the secret is shown once, on creation.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    displayPrefix: text('display_prefix').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at'),
    /** Written at most once a minute per token, not on every call. */
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash),
    index('api_tokens_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * AI insights of a text (tone, score, recommendations, hashtag suggestions), kept per post and per
 * recurring post (spec: "Stored per recurring post id and globally"); both links are optional, and a row
 * goes with the post it describes. The newest row of a post is the one shown.
 */
export const aiInsights = pgTable(
  'ai_insights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    recurringPostId: uuid('recurring_post_id').references(() => recurringPosts.id, { onDelete: 'cascade' }),
    tone: text('tone', { enum: ['Positive', 'Neutral', 'Negative'] }).notNull(),
    score: doublePrecision('score').notNull(),
    analysed: boolean('analysed').notNull().default(true),
    recommendations: jsonb('recommendations').$type<unknown[]>().notNull().default([]),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    source: text('source', { enum: ['offline', 'model'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_insights_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('ai_insights_post_idx').on(t.postId, t.createdAt),
    index('ai_insights_recurring_idx').on(t.recurringPostId, t.createdAt),
  ],
);

/**
 * Each published target's latest figures, one row per target (decision 020): made in the transaction
 * that records the target published (figures null until read), moved forward in the one that stores a
 * newer `read` slot. The summary then reads one row per post instead of finding each one's latest
 * reading among all of them.
 */
export const targetLatestMetrics = pgTable(
  'target_latest_metrics',
  {
    targetId: uuid('target_id')
      .primaryKey()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    publishedAt: tz('published_at').notNull(),
    /** The slot the figures come from; null before the first reading. */
    slot: integer('slot'),
    collectedAt: tz('collected_at'),
    likes: integer('likes'),
    shares: integer('shares'),
    comments: integer('comments'),
    reach: integer('reach'),
    impressions: integer('impressions'),
  },
  (t) => [index('target_latest_metrics_workspace_published_idx').on(t.workspaceId, t.publishedAt)],
);

/**
 * One row per worker process, written every 15 s (decision 024): `/api/health` and the worker-missing
 * alert read the newest `seen_at`. Rows of processes gone for a day are removed by the next worker.
 */
export const workerHeartbeats = pgTable(
  'worker_heartbeats',
  {
    id: text('id').primaryKey(),
    role: text('role').notNull(),
    startedAt: tz('started_at').notNull().defaultNow(),
    seenAt: tz('seen_at').notNull().defaultNow(),
  },
  (t) => [index('worker_heartbeats_seen_idx').on(t.seenAt)],
);

/** Which alert mails a user wants (decision 024); no row: every kind is on. */
/**
 * What happened to a post and who did it (issue 25): asked for approval, approved, rejected, not approved
 * in time, scheduled, rescheduled, cancelled, sent again. Its networks' results are on its targets.
 */
export const postEvents = pgTable(
  'post_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Who did it; null for the server itself (not approved in time) or once their account is gone. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Their name when it happened, kept when the account goes. */
    actorName: text('actor_name'),
    kind: text('kind').notNull(),
    /** What goes with it: the time asked for, a rejection's reason. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('post_events_post_idx').on(t.postId, t.createdAt)],
);

/**
 * A comment on a post or on a recurring rule (issue 25), read by the workspace's members. Plain text,
 * never HTML; `mentions` are the ids of the members it names, who are told (`notifications`).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    recurringId: uuid('recurring_id').references(() => recurringPosts.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once their account is gone. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Their name when they wrote it, kept when the account goes. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    /** The review link a guest (a client without an account) wrote it through; null for a member. */
    reviewLinkId: uuid('review_link_id').references(() => reviewLinks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    editedAt: tz('edited_at'),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt),
    index('comments_recurring_idx').on(t.recurringId, t.createdAt),
    check('comments_one_subject', sql`(${t.postId} is null) <> (${t.recurringId} is null)`),
  ],
);

/**
 * A client review link (issue 25): shows a set of posts, without an account, to whoever holds the link.
 * Only a SHA-256 of its token is kept; the posts are fixed when it is made.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull().default(''),
    postIds: jsonb('post_ids').$type<string[]>().notNull(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    lastUsedAt: tz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_links_token_idx').on(t.tokenHash),
    index('review_links_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** What a member is told in the app: a comment that mentions them (issue 25). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: tz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.workspaceId, t.createdAt),
    uniqueIndex('notifications_comment_user_idx').on(t.commentId, t.userId),
  ],
);

export const alertPreferences = pgTable('alert_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  targetFailed: boolean('target_failed').notNull().default(true),
  needsReconnect: boolean('needs_reconnect').notNull().default(true),
  workerMissing: boolean('worker_missing').notNull().default(true),
  digest: boolean('digest').notNull().default(true),
  /** Posts waiting for one's approval, and what became of one's own (issue 25). */
  approvals: boolean('approvals').notNull().default(true),
  /** A comment that mentions one (issue 25). */
  mentions: boolean('mentions').notNull().default(true),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * What the alert monitor has already done, so that several processes do it once: `worker_missing`
 * (present while an incident is open, its time the incident's start) and `digest` (the last one sent).
 */
export const alertMarks = pgTable('alert_marks', {
  key: text('key').primaryKey(),
  at: tz('at').notNull(),
});

/**
 * HTTPS endpoints that receive signed event deliveries (decision 023). `scope` `all` (an administrator's)
 * receives every user's events; `own` only its owner's. The signing secret is sealed with the app's
 * encryption key: it must be read back to sign, so it cannot be hashed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    scope: text('scope', { enum: ['own', 'all'] })
      .notNull()
      .default('own'),
    secretSealed: text('secret_sealed').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * One event sent (or to be sent) to one endpoint, with how its latest attempt went. The body is fixed when
 * the event happens, so every retry signs and sends the same bytes; the answer is kept as a short excerpt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivering', 'retrying', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    /** What went wrong without an HTTP answer: `timeout`, `unreachable`, `address_refused` … */
    errorCode: text('error_code'),
    responseExcerpt: text('response_excerpt'),
    leaseUntil: tz('lease_until'),
    nextAttemptAt: tz('next_attempt_at'),
    lastAttemptAt: tz('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/**
 * An account's posting schedule (issue 26, decision 043): weekly time slots on one zone's clocks. Keyed
 * by the network's account id, like a target, so reconnecting the account finds it again. `paused`: its
 * queued posts are held (no worker takes them) until it is resumed.
 */
export const postingSchedules = pgTable(
  'posting_schedules',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    accountId: text('account_id').notNull(),
    timezone: text('timezone').notNull(),
    /** `day`: 0 Monday … 6 Sunday; `time`: 'HH:mm'. */
    times: jsonb('times').$type<{ day: number; time: string }[]>().notNull().default([]),
    paused: boolean('paused').notNull().default(false),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.platform, t.accountId] })],
);

/**
 * The slots of an account's queue that are taken: by a queued post, or skipped (no post). Unique on
 * (account, slot): two people adding to one queue at once can never get one slot; a post holds one slot.
 * A queued post leaves its slot when it is moved, edited to another time or account, or deleted.
 */
export const queueSlots = pgTable(
  'queue_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    accountId: text('account_id').notNull(),
    slotAt: tz('slot_at').notNull(),
    /** The post in the slot; null for a skipped slot. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('queue_slots_account_slot_idx').on(t.workspaceId, t.platform, t.accountId, t.slotAt),
    uniqueIndex('queue_slots_post_idx').on(t.postId),
  ],
);

/**
 * A bulk import (issue 27): a CSV or JSON file read and checked (`previewed`), then confirmed, when its
 * chosen rows become posts in one transaction (`importing`, then `done` or `failed`). `rows` holds the
 * rows that may be imported, as posts to write, until the import is done.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    status: text('status', { enum: ['previewed', 'importing', 'done', 'failed'] })
      .notNull()
      .default('previewed'),
    rows: jsonb('rows').$type<unknown[]>().notNull().default([]),
    /** Rows chosen at confirmation, and how many of them became posts. */
    chosen: integer('chosen').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    /** Why it failed, as an API error's code and params. */
    error: jsonb('error').$type<{ code: string; message: string; params?: Record<string, unknown> }>(),
    createdAt: createdAt(),
    /** When it was confirmed: an import still `importing` long after was cut short (nothing was kept). */
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [index('imports_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * Each row ever imported into a workspace, by the hash of what it says (`key`): a row met again (the same
 * file uploaded twice, or the row in another file) is not imported again.
 */
export const importedRows = pgTable(
  'imported_rows',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    postIds: jsonb('post_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

/**
 * An RSS, Atom or JSON feed a workspace turns into posts (issue 27): read every `interval_minutes` (later
 * after errors), each new item written with `template` and made a draft, queued, or published at once.
 * `accounts`: the chosen accounts where a network has several, as a recurring post keeps them.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who added it: its posts are theirs, made with their role in the workspace. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull().default(''),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    accounts: jsonb('accounts').$type<string[]>().notNull().default([]),
    template: text('template').notNull(),
    mode: text('mode', { enum: ['draft', 'queue', 'publish'] }).notNull(),
    /** Each item's text rewritten by the configured model before it becomes a post (the template's if none). */
    rewrite: boolean('rewrite').notNull().default(false),
    intervalMinutes: integer('interval_minutes').notNull().default(60),
    paused: boolean('paused').notNull().default(false),
    /** The answer's validators, sent back so that an unchanged feed costs a 304. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** When a worker is to read it next (a reader holds it by moving this ahead while it reads). */
    nextReadAt: tz('next_read_at').notNull().defaultNow(),
    lastReadAt: tz('last_read_at'),
    /** Why the last read failed (a code the web words), null after a good one; `failures` in a row. */
    lastError: text('last_error'),
    lastErrorDetail: text('last_error_detail'),
    failures: integer('failures').notNull().default(0),
    /** Whether its items were read once: the items there when it was added are not posted. */
    primed: boolean('primed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('feeds_workspace_idx').on(t.workspaceId, t.createdAt),
    index('feeds_next_read_idx').on(t.nextReadAt),
  ],
);

/** Each item a feed has had, by its guid (or link): an item is posted once, whatever the feed does later. */
export const feedItems = pgTable(
  'feed_items',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull().default(''),
    link: text('link'),
    /** The post it became; null for an item there before the feed was added, or one that could not be. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** Why it did not become a post (the posts service's error code). */
    skipped: text('skipped'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.key] })],
);

/**
 * An evergreen post (issue 27): after it is published it returns, as a copy, N days later, at most M
 * times or until a date, each time with its next variant; copies carry `posts.evergreen_id`.
 */
export const evergreenPosts = pgTable(
  'evergreen_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The post it recycles: its networks, accounts, files and text (the first variant). */
    postId: uuid('post_id')
      .notNull()
      .unique()
      .references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    /** Who made it evergreen: its copies are theirs, made with their role in the workspace. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    everyDays: integer('every_days').notNull(),
    maxTimes: integer('max_times'),
    until: tz('until'),
    /** The other texts (HTML), used in turn after the post's own. */
    variants: jsonb('variants').$type<string[]>().notNull().default([]),
    paused: boolean('paused').notNull().default(false),
    /** Copies made so far: the last round's number. */
    times: integer('times').notNull().default(0),
    lastMadeAt: tz('last_made_at'),
    /** A worker holds it while it makes a copy, and it waits here after a refusal. */
    holdUntil: tz('hold_until').notNull().defaultNow(),
    /** The networks the last round left out, and why (`same_text`, `not_connected`). */
    skipped: jsonb('skipped')
      .$type<{ platform: string; account: string | null; reason: string }[]>()
      .notNull()
      .default([]),
    /** Why the last round made nothing (an error code), null after one that did. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('evergreen_workspace_idx').on(t.workspaceId, t.createdAt),
    index('evergreen_hold_idx').on(t.holdUntil),
  ],
);

/** A workspace's short links and UTM preset (issue 27); no row: links go out as written. */
export const linkSettings = pgTable('link_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** Links in posts go out as `<SHORT_LINK_BASE_URL or PUBLIC_URL>/l/<code>`, counting clicks. */
  shorten: boolean('shorten').notNull().default(false),
  /** UTM parameters added to each link: `utm_source` the network, `utm_medium` and `utm_campaign` these. */
  utm: boolean('utm').notNull().default(false),
  utmMedium: text('utm_medium').notNull().default('social'),
  utmCampaign: text('utm_campaign').notNull().default(''),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * A short link (issue 27): made when a post goes out to a network, one per post, network and address in
 * its text; `url` is where it leads (the address, with the UTM parameters when the workspace adds them).
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Random, not sequential: ten letters and digits (about 59 bits). */
    code: text('code').notNull().unique(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The address as the post has it, and where the link leads. */
    original: text('original').notNull(),
    url: text('url').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('short_links_post_idx').on(t.postId, t.platform, t.original),
    index('short_links_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** Clicks on a short link per day: people, and the networks' link crawlers and other bots apart. */
export const linkClicks = pgTable(
  'link_clicks',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
    bots: integer('bots').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
);
