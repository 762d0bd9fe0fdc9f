import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { htmlToText } from '../../shared/platforms/html-to-text';
import type { LinksService } from '../links/links.service';
import type { Platform } from '../../shared/platforms/rules';
import { type ConnectionsService, needsReconnect } from '../connections/connections.service';
import type { ChangeFeed } from '../db/change-feed';
import type { AppMetrics } from '../monitoring/app-metrics';
import type { Credentials, PlatformAdapter, PublishResult } from '../platforms/contract';
import { PlatformError } from '../platforms/contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import { loadClient, withTimeout } from '../platforms/http';
import { createClaimLoop } from './claim-loop';
import { decide } from './decide';
import { createDueAlarm } from './due-alarm';
import { grouped } from './group';
import { type MediaSource, withMediaFiles } from './media-files';
import type { ClaimedTarget, Finished, Outcome, PublishingRepo } from './publishing.repo';

export interface PublisherOptions {
  /** How long a claim lasts without a heartbeat; a dead worker's targets are taken over after it. */
  leaseMs: number;
  /** The most one publish call to a network may take. */
  timeoutMs: number;
  /** The first retry waits this long; each next one four times longer (capped at two hours). */
  retryBaseMs: number;
  /** Tries before a target fails for good on transient errors. */
  maxAttempts: number;
  /** Jobs this process runs at once, and at most this many per network. */
  concurrency: number;
  perNetwork: number;
  /** How often a claim runs whatever the signals say (a safety net under the alarm). */
  reconcileMs: number;
  /** How often the alarm looks for the next due time (at most every half second). */
  pollingIntervalSeconds: number;
  /** How often a due target whose edited video is not ready yet looks again. */
  renderWaitMs: number;
  /**
   * Targets are claimed this long before they are due and held until their time, so that a post
   * reaches its network at its time rather than a claim's duration after it (a claim takes 5 to 20 ms).
   */
  claimLeadMs: number;
}

export interface PublisherDeps {
  repo: PublishingRepo;
  /** Changes to posts, by any process: the alarm looks again at once (a post due now, a reschedule). */
  changes?: Pick<ChangeFeed, 'subscribe'>;
  adapters: Record<Platform, PlatformAdapter>;
  connections: ConnectionsService;
  /** Where the files come from, and which URLs networks that pull media are given. */
  media: MediaSource;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Counts attempts by network and outcome, and how late published targets were. */
  metrics?: Pick<AppMetrics, 'publish' | 'publishLateness'>;
  /** The workspace's UTM parameters and short links, written into the text a network receives (issue 27). */
  links?: Pick<LinksService, 'rewrite'>;
}

/**
 * An outcome waits this long for others to be recorded with it. In a burst the network's answers come
 * a few milliseconds apart; written one by one, each costs several times what it costs in a group.
 */
const FINISH_WAIT_MS = 30;
/** The most targets one claim takes (a burst is taken a page at a time). */
const CLAIM_PAGE = 200;
/** A worker with no room left claims again once this much room is free (or its hands are empty). */
const REFILL_AT = 50;

/** A counting semaphore: at most `limit` holders at once, the rest wait in order. */
function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * The publishing worker (DESIGN.md section 5, decision 036): claims due targets, records the attempt,
 * calls the network through its adapter and records the outcome; a transient failure moves the target's
 * due time to its next try, a permanent one fails the target with a reason a person understands.
 */
export function createPublisher(deps: PublisherDeps, options: PublisherOptions) {
  const { repo, adapters, logger, clock } = deps;
  const worker = `${hostname()}:${process.pid}`;
  const lanes = new Map<string, ReturnType<typeof semaphore>>();
  const lane = (platform: string) => {
    let gate = lanes.get(platform);
    if (!gate) lanes.set(platform, (gate = semaphore(options.perNetwork)));
    return gate;
  };
  // Outcomes of targets ending together are written together (one statement per group).
  const finish = grouped(
    async (items: Finished[]) => {
      await repo.finishMany(items, clock());
      return items.map(() => undefined);
    },
    { waitMs: FINISH_WAIT_MS },
  );
  const record = (claimed: ClaimedTarget, outcome: Outcome, latencyMs: number) =>
    outcome.kind === 'retry'
      ? repo.retryLater(claimed, outcome, clock(), latencyMs)
      : finish({ claim: claimed, outcome, latencyMs });
  let reconciler: NodeJS.Timeout | undefined;
  let refresher: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** Targets this process has claimed and not yet recorded the outcome of. */
  const inHand = new Set<string>();
  /**
   * One heartbeat for every target in hand, in one statement (a statement per target, hundreds a second
   * in a burst, queued behind the claims on the embedded database, could come too late for a short lease).
   */
  const beat = () => {
    if (!inHand.size) return;
    void repo
      .extendLeases([...inHand], new Date(clock().getTime() + options.leaseMs))
      .catch((error: unknown) => logger.warn({ err: error }, 'lease heartbeat failed'));
  };
  let unsubscribe: (() => void) | undefined;

  /** Calls the network with live credentials (refreshed once on an auth refusal, `withCredentials`). */
  const callNetwork = async (claim: ClaimedTarget, signal: AbortSignal): Promise<PublishResult> => {
    const platform = claim.platform as Platform;
    const connection = claim.connection;
    const name = PLATFORM_NAMES[platform];
    if (!connection)
      throw new PlatformError('permanent', `No ${name} account is connected. Connect one, then retry.`, {
        code: 'not_connected',
      });
    if (connection.status === 'needs_reconnect') throw needsReconnect(platform);
    const adapter = adapters[platform];
    // The same text on every try: a short link is made once per post, network and address.
    const plain = htmlToText(claim.contentHtml);
    const text = deps.links ? await deps.links.rewrite(claim, plain) : plain;
    // Files from S3 are downloaded for the call (adapters upload from a path) and removed after it.
    return withMediaFiles(claim, deps.media, { localFiles: !adapter.pullsMedia }, (media) => {
      const input = {
        targetId: claim.targetId,
        text,
        media,
        account: { id: connection.accountId, username: connection.username },
        settings: connection.settings,
        resumed: claim.resumed,
        firstAttemptAt: claim.firstAttemptAt,
        checkpoint: claim.checkpoint,
        saveCheckpoint: async (values: Record<string, string>) => {
          Object.assign(claim.checkpoint, values);
          await repo.saveCheckpoint(claim.targetId, values);
        },
        saveCredentials: (credentials: Credentials) => deps.connections.saveRenewed(connection, credentials),
        signal,
      };
      // A call made again after a refresh may follow one that reached the network before it refused: look first.
      return deps.connections.withCredentials(connection, (credentials, again) =>
        adapter.publish({ ...input, credentials, resumed: input.resumed || again }),
      );
    });
  };

  /** Publishes a claimed target and records how it went. */
  const run = async (claimed: ClaimedTarget) => {
    const { targetId } = claimed;
    // In hand from the claim until its outcome is recorded: the heartbeat keeps its lease (even while
    // it waits for its network's lane or for the group commit), and this process never claims it again.
    inHand.add(targetId);
    let outcome: Outcome;
    let latency: number;
    try {
      // Claimed a moment ahead: never published before its time.
      const early = Math.min(claimed.dueAt.getTime() - clock().getTime(), options.claimLeadMs);
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      // The lane bounds the calls to the network; recording the outcome happens outside it.
      ({ outcome, latency } = await lane(claimed.platform)(async () => {
        const started = performance.now();
        let result: Outcome;
        try {
          const published = await withTimeout(options.timeoutMs, (signal) => callNetwork(claimed, signal));
          result = { kind: 'published', remoteId: published.remoteId, url: published.url };
        } catch (error) {
          if (!(error instanceof PlatformError))
            logger.error(
              { err: error, target: targetId, platform: claimed.platform },
              'publish failed unexpectedly',
            );
          result = decide(error, claimed.attempts, clock(), options, Math.random());
        }
        return { outcome: result, latency: Math.round(performance.now() - started) };
      }));
    } catch (error) {
      inHand.delete(targetId);
      throw error;
    }
    try {
      await record(claimed, outcome, latency);
    } finally {
      inHand.delete(targetId);
    }
    deps.metrics?.publish(claimed.platform, outcome.kind);
    if (outcome.kind === 'published')
      deps.metrics?.publishLateness(
        claimed.platform,
        (clock().getTime() - claimed.scheduledAt.getTime()) / 1000,
      );
    // A success is in publish_attempts and /metrics; a line each would cost a burst a tenth of its time.
    logger[outcome.kind === 'published' ? 'debug' : 'info'](
      {
        target: targetId,
        platform: claimed.platform,
        outcome: outcome.kind,
        attempt: claimed.attempts,
        ms: latency,
      },
      'publish attempt',
    );
  };

  const loop = createClaimLoop({
    capacity: options.concurrency,
    page: CLAIM_PAGE,
    refillAt: Math.min(REFILL_AT, Math.ceil(options.concurrency / 4)),
    claim: async (room) => {
      const now = clock();
      const page = [
        ...(
          await repo.claimDue(room, now, options.leaseMs, worker, [...inHand], {
            dueBy: new Date(now.getTime() + options.claimLeadMs),
            renderWaitUntil: new Date(now.getTime() + options.renderWaitMs),
          })
        ).values(),
      ];
      // Targets whose worker stopped in the middle: their lease ran out and this claim took them over.
      const takenOver = page.filter((c) => c.takenOver).length;
      if (takenOver) logger.warn({ count: takenOver }, 'resumed targets left behind by a stopped worker');
      return page;
    },
    run: (claimed) =>
      run(claimed).catch((error: unknown) =>
        logger.error({ err: error, target: claimed.targetId }, 'publish failed'),
      ),
    claimed: (taken, began) => alarm.claimed(taken, began),
    onError: (error) => logger.error({ err: error }, 'claiming due targets failed'),
  });
  const lookMs = Math.min(options.pollingIntervalSeconds * 1000, 500);
  const alarm = createDueAlarm({
    untilNextDue: async () => {
      const at = await repo.nextDueAt();
      return at ? at.getTime() - options.claimLeadMs - clock().getTime() : null;
    },
    lookMs,
    ring: () => void loop.wake(),
    logger,
  });

  return {
    /** Claims what is due now (tests, and the reconciler's round). */
    claimNow: () => loop.wake(),
    async start() {
      // Loaded now rather than by the first post of a burst (50 ms of its first moments).
      await loadClient();
      unsubscribe = deps.changes?.subscribe({
        // A post scheduled further ahead than the next look is seen by that look (saving a post for
        // tomorrow costs no read); anything sooner, earlier or undated is looked at now.
        change: (key, times) => {
          if (!key.startsWith('posts:')) return;
          const horizon = Date.now() / 1000 + lookMs / 1000 + 1;
          if (!times?.length || times.some((t) => t <= horizon)) alarm.lookSoon();
        },
        reset: () => alarm.lookSoon(),
      });
      alarm.start();
      // Posts that came due while no worker ran are taken now.
      void loop.wake();
      reconciler = setInterval(() => void loop.wake(), options.reconcileMs);
      heartbeat = setInterval(beat, Math.max(250, options.leaseMs / 3));
      heartbeat.unref();
      refresher = setInterval(
        () => void deps.connections.refreshExpiring().catch((error: unknown) => logger.error({ err: error })),
        5 * 60_000,
      );
      reconciler.unref();
      refresher.unref();
    },
    /** Stops claiming and waits (at most 10 s) for the targets this process is publishing. */
    async stop() {
      alarm.stop();
      unsubscribe?.();
      clearInterval(reconciler);
      clearInterval(refresher);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop.stop(), new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer);
      // What is still in hand now is left to its lease: another worker takes it over, as resumed.
      clearInterval(heartbeat);
    },
  };
}
export type Publisher = ReturnType<typeof createPublisher>;
