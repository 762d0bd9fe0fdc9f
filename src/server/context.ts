import type { FastifyBaseLogger } from 'fastify';
import { createAdminRepo } from './admin/admin.repo';
import { createAdminService } from './admin/admin.service';
import { createAuditRepo } from './audit/audit.repo';
import { createAuditService } from './audit/audit.service';
import { createAuth } from './auth/auth';
import { createLoginThrottleRepo } from './auth/login-throttle.repo';
import { oidcConfigOf } from './auth/oidc';
import { createOidcRepo } from './auth/oidc.repo';
import { createSignInLock } from './auth/sign-in-lock.service';
import { createDeviceCookies } from './auth/device-cookie';
import { createResetTokensRepo } from './auth/reset-tokens.repo';
import { createGuards } from './auth/session';
import { type ChangeFeed, NO_CHANGE_FEED } from './db/change-feed';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Queue } from './jobs/queue';
import { createMailRepo } from './mail/mail.repo';
import { createMediaRepo } from './media/media.repo';
import { createMediaService } from './media/media.service';
import { mediaStoreFromEnv } from './media/store-from-env';
import { createMinuteWindows } from './http/minute-windows';
import { createMailService } from './mail/mail.service';
import { createDashboardRepo } from './dashboard/dashboard.repo';
import { createDashboardService } from './dashboard/dashboard.service';
import { createHashtagsRepo } from './hashtags/hashtags.repo';
import { createHashtagsService } from './hashtags/hashtags.service';
import { createHealthService } from './health/health.service';
import { createAiRepo } from './ai/ai.repo';
import { createAiService } from './ai/ai.service';
import { createPerformanceService } from './ai/performance.service';
import { createOpenAIProvider } from './ai/openai-provider';
import { createPostsRepo } from './posts/posts.repo';
import { createPostsStatusRepo } from './posts/posts-status.repo';
import { createRecurringRepo } from './recurring/recurring.repo';
import { createRecurringService } from './recurring/recurring.service';
import { createPostsService } from './posts/posts.service';
import { createImportsRepo } from './imports/imports.repo';
import { createFeedsRepo } from './feeds/feeds.repo';
import { createFeedsService, feedActor } from './feeds/feeds.service';
import { createEvergreenRepo } from './evergreen/evergreen.repo';
import { createLinksRepo } from './links/links.repo';
import { createLinksService } from './links/links.service';
import { createEvergreenService } from './evergreen/evergreen.service';
import { rounds } from './jobs/rounds';
import { systemResolver } from './webhooks/address-policy';
import { addressPolicyOf } from './webhooks/webhooks.wiring';
import { toRole } from '../shared/roles';
import { createImportsService } from './imports/imports.service';
import { createQueueRepo } from './queue/queue.repo';
import { createQueueService } from './queue/queue.service';
import { createSettingsRepo } from './settings/settings.repo';
import { createSettingsService } from './settings/settings.service';
import { createTemplatesRepo } from './templates/templates.repo';
import { createTemplatesService } from './templates/templates.service';
import { createTrialsRepo } from './trials/trials.repo';
import { createTrialsService } from './trials/trials.service';
import { createUsersRepo } from './users/users.repo';
import { createUsersService } from './users/users.service';
import { createVariablesRepo } from './variables/variables.repo';
import { createWorkspacesRepo } from './workspaces/workspaces.repo';
import { createWorkspacesService } from './workspaces/workspaces.service';
import { createMembersRepo } from './workspaces/members.repo';
import { createApprovalNotices } from './approvals/approval-notices';
import { createApprovalsRepo } from './approvals/approvals.repo';
import { createApprovalsService } from './approvals/approvals.service';
import { createCommentsRepo } from './comments/comments.repo';
import { createCommentsService } from './comments/comments.service';
import { createReviewLinksRepo } from './review-links/review-links.repo';
import { createReviewLinksService } from './review-links/review-links.service';
import { createMembersService } from './workspaces/members.service';
import { createMemberActivity } from './workspaces/member-activity';
import { createVariablesService } from './variables/variables.service';
import { createConnectionsRepo } from './connections/connections.repo';
import { createConnectionsService } from './connections/connections.service';
import { createSealer } from './connections/crypto';
import type { Platform } from '../shared/platforms/rules';
import { connectBluesky } from './platforms/bluesky/bluesky.adapter';
import type { PlatformAdapter } from './platforms/contract';
import { createAdapters } from './platforms/registry';
import { renderVideoJob } from './media/render/render.job';
import { collectMetricsJob } from './analytics/collect-metrics.job';
import { sendMailJob } from './mail/send-mail.job';
import { deliverWebhookJob } from './webhooks/deliver-webhook.job';
import { createPublishScheduler } from './publishing/scheduler';
import { createPublisher } from './publishing/publisher';
import { createPublishingRepo, publishStat } from './publishing/publishing.repo';
import { createMediaLinks } from './media/media-links';
import { findFfmpeg } from './media/render/ffmpeg';
import { createRenderPreparer } from './media/render/render.job';
import { createRenderer, type RendererOptions } from './media/render/renderer';
import { createRendersRepo } from './media/render/renders.repo';
import { createTokenRate } from './tokens/token-rate';
import { createTokensRepo } from './tokens/tokens.repo';
import { createTokensService } from './tokens/tokens.service';
import { createAnalyticsRepo } from './analytics/analytics.repo';
import { createAnalyticsService } from './analytics/analytics.service';
import { createMetricsScheduler } from './analytics/collect-metrics.job';
import { createCollector } from './analytics/collector';
import { createMetricsRepo } from './analytics/metrics.repo';
import { slotOffsets } from './analytics/metrics-schedule';
import { createAlertsRepo } from './alerts/alerts.repo';
import { createAlertsService } from './alerts/alerts.service';
import { createAppMetrics } from './monitoring/app-metrics';
import { createHeartbeat } from './monitoring/heartbeat';
import { createMonitoringRepo } from './monitoring/monitoring.repo';
import { createMonitoring } from './monitoring/monitoring.service';
import { createWebhooks } from './webhooks/webhooks.wiring';

/**
 * Every job of the queue, in one list: a process starts the queue with it (queues that transactions send
 * to must exist first), and a worker checks at start that each has a handler (`assertEveryJobWorked`).
 * Publishing is not among them: targets are claimed by their due time (decision 036).
 */
export const JOBS = [renderVideoJob, collectMetricsJob, sendMailJob, deliverWebhookJob];

export interface ContextInput {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
  secret: string;
  /** The 32-byte key that seals network tokens (loadEncryptionKey). */
  encryptionKey: Buffer;
  queue: Queue;
  /** The networks; tests may replace them. Defaults to the real adapters configured from env. */
  adapters?: Record<Platform, PlatformAdapter>;
  /** The time as the services see it; tests pass a clock they can move. */
  clock?: () => Date;
  /** The database's change notifications, which let caches keep answers; without it nothing is cached. */
  changes?: ChangeFeed;
}

/** The composition root: every repository and service, wired once per process (and per test). */
export function createContext({
  env,
  database,
  logger,
  secret,
  queue,
  encryptionKey,
  adapters = createAdapters(env),
  clock = () => new Date(),
  changes = NO_CHANGE_FEED,
}: ContextInput) {
  const { db } = database;
  const mail = createMailService({
    repo: createMailRepo(db),
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    queue,
  });
  const monitoring = createMonitoring({
    repo: createMonitoringRepo(db),
    queueStats: queue.stats,
    publishStat: (now) => publishStat(db, now),
  });
  // Per app instance (decision 024): two apps in one test process count apart.
  const metrics = createAppMetrics({ queueStats: () => monitoring.queueStats(clock()) });
  const alerts = createAlertsService({
    repo: createAlertsRepo(db),
    mail,
    publicUrl: env.PUBLIC_URL,
    clock,
    logger,
    digestHours: env.ALERTS_DIGEST_HOURS,
  });
  const oidc = oidcConfigOf(env);
  const workspacesRepo = createWorkspacesRepo(db);
  const auth = createAuth({
    db,
    secret,
    publicUrl: env.PUBLIC_URL,
    mail,
    logger,
    oidc,
    onUserCreated: (user) => workspacesRepo.ensurePersonal(user.id, user.name, null),
  });
  const audit = createAuditRepo(db);
  const tokens = createTokensService({
    repo: createTokensRepo(db),
    audit,
    rate: createTokenRate(env.API_TOKEN_RATE_PER_MINUTE, clock),
    clock,
  });
  const settingsRepo = createSettingsRepo(db);
  const usersRepo = createUsersRepo(db);
  const membersRepo = createMembersRepo(db);
  const activity = createMemberActivity(membersRepo, clock, logger);
  const signInLock = createSignInLock(createLoginThrottleRepo(db), {
    maxFailures: env.LOGIN_MAX_FAILURES,
    lockMinutes: env.LOGIN_LOCK_MINUTES,
  });
  const trialsRepo = createTrialsRepo(db);
  const sealer = createSealer(encryptionKey);
  const webhooks = createWebhooks({
    db,
    env,
    queue,
    audit,
    sealer,
    logger,
    clock,
    countDelivery: (outcome) => metrics.webhookDelivery(outcome),
  });
  const connectionsRepo = createConnectionsRepo(db, {
    onNeedsReconnect: [
      (tx, row, reason) => alerts.needsReconnect(tx, { ...row, reason }),
      (tx, row) => webhooks.events.needsReconnect(tx, row),
    ],
  });
  const connections = createConnectionsService({
    repo: connectionsRepo,
    workspaces: workspacesRepo,
    sealer,
    adapters,
    changes,
    connectBluesky: (handle, appPassword, signal) =>
      connectBluesky(env.BLUESKY_SERVICE_URL, handle, appPassword, signal),
    publicUrl: env.PUBLIC_URL,
    clock,
    logger,
  });
  const mediaRepo = createMediaRepo(db);
  const resetTokens = createResetTokensRepo(db);
  const devices = createDeviceCookies({ secret, secure: env.PUBLIC_URL.startsWith('https://') });
  const users = createUsersService({
    repo: usersRepo,
    auth,
    audit,
    lock: signInLock,
    resetTokens,
    revokeApiTokens: (actor) => tokens.revokeAllOwn(actor),
    storageOf: (userIds) => mediaRepo.usage(userIds),
    clock,
    connectionsOf: connections.summary,
    changes,
  });
  const mediaStore = mediaStoreFromEnv(env, logger);
  const rendersRepo = createRendersRepo(db);
  // Looked for once, on first use: the API tells the web whether editing works, the worker renders.
  let ffmpegLookup: Promise<string | null> | undefined;
  const ffmpeg = () => (ffmpegLookup ??= findFfmpeg(env.FFMPEG_PATH));
  const scheduler = createPublishScheduler(
    createRenderPreparer(queue, rendersRepo, { leadMs: env.RENDER_LEAD_MINUTES * 60_000, clock }),
  );
  const mediaLinks = createMediaLinks({ secret, publicUrl: env.PUBLIC_URL, clock });
  /** The render worker, started by processes that publish (main with a worker role, tests). */
  const renderer = (overrides: Partial<RendererOptions> = {}) =>
    createRenderer(
      { repo: rendersRepo, queue, store: mediaStore, ffmpeg, logger, clock, metrics, changes },
      {
        concurrency: env.RENDER_CONCURRENCY,
        leadMs: env.RENDER_LEAD_MINUTES * 60_000,
        timeoutBaseMs: env.RENDER_TIMEOUT_BASE_SECONDS * 1000,
        timeoutPerOutputSecond: env.RENDER_TIMEOUT_PER_SECOND,
        ...overrides,
      },
    );
  const metricsRepo = createMetricsRepo(db, createMetricsScheduler(queue));
  const metricOffsets = slotOffsets(env.METRICS_SCHEDULE, env.METRICS_DAILY_DAYS, env.METRICS_DAILY_EVERY);
  /** The metric reads' worker (main with a worker role, tests). */
  const collector = () =>
    createCollector(
      { repo: metricsRepo, queue, adapters, connections, connectionsRepo, logger, clock, metrics },
      { offsets: metricOffsets, timeoutMs: env.METRICS_TIMEOUT_MS, concurrency: env.METRICS_CONCURRENCY },
    );
  /** The worker side, created only by processes that publish (main with a worker role, tests). */
  // A target recorded published gets its first metric reading in the same transaction; one failed for
  // good, its owner's alert mail; and what settled, its webhook deliveries.
  const publishingRepo = createPublishingRepo(db, scheduler, {
    onPublished: (tx, targetIds, publishedAt) =>
      metricsRepo.published(tx, targetIds, new Date(publishedAt.getTime() + metricOffsets[0]!)),
    onFailed: (tx, targetIds) => alerts.targetsFailed(tx, targetIds),
    onSettled: webhooks.events.published,
  });
  const links = createLinksService({
    repo: createLinksRepo(db),
    base: env.SHORT_LINK_BASE_URL,
    clock,
    logger,
  });
  const publisher = () =>
    createPublisher(
      {
        repo: publishingRepo,
        links,
        changes,
        adapters,
        connections,
        media: {
          store: mediaStore,
          links: mediaLinks,
          presigned: mediaStore.kind === 's3' && env.S3_MEDIA_LINKS === 'presigned',
        },
        logger,
        clock,
        metrics,
      },
      {
        leaseMs: env.PUBLISH_LEASE_SECONDS * 1000,
        timeoutMs: env.PUBLISH_TIMEOUT_MS,
        retryBaseMs: env.PUBLISH_RETRY_BASE_MS,
        maxAttempts: env.PUBLISH_MAX_ATTEMPTS,
        concurrency: env.PUBLISH_CONCURRENCY,
        perNetwork: env.PUBLISH_NETWORK_CONCURRENCY,
        reconcileMs: env.PUBLISH_RECONCILE_SECONDS * 1000,
        pollingIntervalSeconds: env.PUBLISH_POLL_SECONDS,
        renderWaitMs: env.RENDER_WAIT_SECONDS * 1000,
        claimLeadMs: env.PUBLISH_CLAIM_LEAD_MS,
      },
    );
  const postsRepo = createPostsRepo(db, scheduler);
  const queueRepo = createQueueRepo(db, scheduler);
  const approvalsRepo = createApprovalsRepo(db, scheduler);
  const commentsRepo = createCommentsRepo(db);
  const posts = createPostsService({
    notices: createApprovalNotices({
      db,
      repo: approvalsRepo,
      mail,
      webhookEvents: webhooks.events,
      publicUrl: env.PUBLIC_URL,
      clock,
    }),
    repo: postsRepo,
    statusRepo: createPostsStatusRepo(db, scheduler),
    findMedia: mediaRepo.findMany,
    clock,
    assertMayPublish: users.assertMayPublish,
    changes,
    // A promise, not drizzle's query (a thenable that runs again for each caller awaiting it together).
    connectionStates: async (workspaceId) => connectionsRepo.listByWorkspace(workspaceId),
    queue: queueRepo,
  });
  const imports = createImportsService({
    repo: createImportsRepo(db),
    posts,
    queue: queueRepo,
    accountsOf: async (workspaceId) => connectionsRepo.listByWorkspace(workspaceId),
    filesOf: (workspaceId) => mediaRepo.names(workspaceId),
    zoneOf: async (userId) => (await usersRepo.findById(userId))?.timezone ?? null,
    clock,
    logger,
  });
  const feeds = createFeedsService({
    repo: createFeedsRepo(db),
    posts,
    accountsOf: async (workspaceId) => connectionsRepo.listByWorkspace(workspaceId),
    actorOf: async (userId, workspaceId, feedId) => {
      const [user, membership] = await Promise.all([
        usersRepo.findById(userId),
        workspacesRepo.membership(userId, workspaceId),
      ]);
      return user && membership && !user.banned
        ? feedActor({ ...user, role: toRole(user.role) }, membership, feedId)
        : null;
    },
    zoneOf: async (userId) => (await usersRepo.findById(userId))?.timezone ?? null,
    policy: addressPolicyOf(env),
    resolve: systemResolver,
    fetchTimeoutMs: env.FEEDS_TIMEOUT_SECONDS * 1000,
    // The AI service is made below; this runs only when a feed is read.
    rewrite: env.AI_BASE_URL && env.AI_MODEL ? (text, platforms) => ai.rewriteForFeed(text, platforms) : null,
    clock,
    logger,
  });
  const evergreen = createEvergreenService({
    repo: createEvergreenRepo(db),
    posts,
    postsRepo,
    queue: queueRepo,
    accountsOf: async (workspaceId) => connectionsRepo.listByWorkspace(workspaceId),
    actorOf: async (userId, workspaceId, ruleId) => {
      const [user, membership] = await Promise.all([
        usersRepo.findById(userId),
        workspacesRepo.membership(userId, workspaceId),
      ]);
      return user && membership && !user.banned
        ? feedActor({ ...user, role: toRole(user.role) }, membership, `evergreen:${ruleId}`)
        : null;
    },
    clock,
    logger,
  });
  const hashtags = createHashtagsService(createHashtagsRepo(db));
  const aiRepo = createAiRepo(db);
  const ai = createAiService({
    repo: aiRepo,
    hashtags,
    provider:
      env.AI_BASE_URL && env.AI_MODEL
        ? createOpenAIProvider({
            baseUrl: env.AI_BASE_URL,
            apiKey: env.AI_API_KEY,
            model: env.AI_MODEL,
            timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
          })
        : null,
    clock,
    logger,
  });
  const recurring = createRecurringService({
    repo: createRecurringRepo(db),
    posts: postsRepo,
    findMedia: mediaRepo.findMany,
    accountsOf: async (workspaceId) => connectionsRepo.listByWorkspace(workspaceId),
    clock,
    assertMayPublish: users.assertMayPublish,
    changes,
    horizonMs: env.RECURRING_HORIZON_HOURS * 3_600_000,
    graceMs: env.RECURRING_GRACE_MINUTES * 60_000,
    insights: ai,
    logger,
    approvers: (workspaceId, except) => approvalsRepo.approvers(db, workspaceId, except),
    mail,
    publicUrl: env.PUBLIC_URL,
  });
  return {
    env,
    database,
    logger,
    queue,
    clock,
    mail,
    monitoring,
    /** This process's Prometheus counters (`/metrics`, decision 024). */
    metrics,
    alerts,
    /** A worker process's heartbeat row (main with a worker role, tests). */
    heartbeat: (role: string) => createHeartbeat({ repo: monitoring, clock, logger }, { role }),
    auth,
    audit,
    /** The audit log as a super_admin reads it (`audit` is where every feature writes to it). */
    auditLog: createAuditService({ repo: audit }),
    /** Sign-in with an OpenID Connect provider, or null when none is configured. */
    oidc,
    oidcRepo: createOidcRepo(db),
    admin: createAdminService({ repo: createAdminRepo(db), clock }),
    health: createHealthService({ database, monitoring, clock, logger }),
    settings: createSettingsService({ repo: settingsRepo, audit }),
    usersRepo,
    /** Bulk import of posts from CSV or JSON (issue 27). */
    imports,
    /** RSS and Atom auto-posting (issue 27), and its worker's rounds. */
    feeds,
    feedsWorker: () =>
      rounds(() => feeds.readDue(), {
        intervalMs: env.FEEDS_ROUND_SECONDS * 1000,
        logger,
        what: 'feed round',
      }),
    /** Short links and UTM (issue 27). */
    links,
    /** Evergreen recycling (issue 27), and its worker's rounds. */
    evergreen,
    evergreenWorker: () =>
      rounds(() => evergreen.recycleDue(), {
        intervalMs: env.EVERGREEN_ROUND_SECONDS * 1000,
        logger,
        what: 'evergreen round',
      }),
    guards: createGuards(auth, audit, workspacesRepo, changes, tokens, activity.seen),
    tokens,
    webhooks: webhooks.service,
    /** The webhook delivery worker (main with a worker role, tests). */
    deliverer: webhooks.deliverer,
    changes,
    signInLock,
    devices,
    resetTokens,
    users,
    workspaces: createWorkspacesService({ repo: workspacesRepo, audit, changes }),
    approvals: createApprovalsService({
      repo: approvalsRepo,
      posts,
      mail,
      changes,
      publicUrl: env.PUBLIC_URL,
      clock,
      logger,
    }),
    comments: createCommentsService({
      repo: commentsRepo,
      mail,
      audit,
      publicUrl: env.PUBLIC_URL,
      clock,
    }),
    reviewLinks: createReviewLinksService({
      repo: createReviewLinksRepo(db),
      approvals: approvalsRepo,
      comments: commentsRepo,
      posts,
      mediaLinks,
      mail,
      audit,
      changes,
      publicUrl: env.PUBLIC_URL,
      clock,
    }),
    members: createMembersService({
      repo: membersRepo,
      users: usersRepo,
      audit,
      auth,
      mail,
      changes,
      publicUrl: env.PUBLIC_URL,
      clock,
      passwordAccounts: !oidc?.only,
    }),
    workspacesRepo,
    templates: createTemplatesService(createTemplatesRepo(db)),
    hashtags,
    ai,
    /** The AI's reading of the user's own figures: performance and best time to post. */
    performance: createPerformanceService({ repo: aiRepo, userTags: ai.userTags, clock }),
    variables: createVariablesService(createVariablesRepo(db)),
    mediaStore,
    media: createMediaService({
      repo: mediaRepo,
      store: mediaStore,
      links: mediaLinks,
      renders: rendersRepo,
      quotaBytes: env.MEDIA_QUOTA_MB * 1024 * 1024,
      uploadRate: createMinuteWindows(env.MEDIA_UPLOAD_MB_PER_MINUTE * 1024 * 1024, clock),
    }),
    ffmpeg,
    rendersRepo,
    renderer,
    adapters,
    connections,
    connectionsRepo,
    mediaRepo,
    mediaLinks,
    publisher,
    /** The publishing worker's reads and writes (the benchmark's floor runs them bare). */
    publishingRepo,
    collector,
    analytics: createAnalyticsService({
      repo: createAnalyticsRepo(db),
      clock,
      changes,
      slotCount: metricOffsets.length,
      clicksOf: links.clicksByPost,
    }),
    posts,
    /** Posting schedules and queues (issue 26). */
    postingQueue: createQueueService({
      repo: queueRepo,
      findAccount: connectionsRepo.findById,
      listAccounts: connectionsRepo.listByWorkspace,
      cardsBetween: posts.listBetween,
      clock,
      changes,
    }),
    recurring,
    /** The worker side of recurring posts (main with a worker role, tests). */
    recurringWorker: () =>
      rounds(() => recurring.makeDueOccurrences(), {
        intervalMs: env.RECURRING_ROUND_SECONDS * 1000,
        logger,
        what: 'recurring round',
      }),
    dashboard: createDashboardService({
      repo: createDashboardRepo(db),
      connections: connectionsRepo.listByWorkspace,
      drafts: posts.listDrafts,
      clock,
    }),
    trials: createTrialsService({
      repo: trialsRepo,
      users: usersRepo,
      settings: settingsRepo,
      audit,
      auth,
      mail,
      publicUrl: env.PUBLIC_URL,
      clock,
      changes,
    }),
  };
}
export type AppContext = ReturnType<typeof createContext>;
