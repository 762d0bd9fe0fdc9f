import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Platform } from '../../shared/platforms/rules';
import { type ConnectionsService, needsReconnect } from '../connections/connections.service';
import type { Queue } from '../jobs/queue';
import type { AppMetrics } from '../monitoring/app-metrics';
import type { Credentials, PlatformAdapter, PublishResult } from '../platforms/contract';
import { PlatformError } from '../platforms/contract';
import { loadClient, PLATFORM_NAMES, withTimeout } from '../platforms/http';
import { grouped } from './group';
import { type MediaSource, withMediaFiles } from './media-files';
import { publishTargetJob } from './publish.job';
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
  /** How often to look for targets a dead worker left behind. */
  reconcileMs: number;
  pollingIntervalSeconds: number;
  /** How often a due target whose edited video is not ready yet looks again. */
  renderWaitMs: number;
}

export interface PublisherDeps {
  repo: PublishingRepo;
  queue: Queue;
  adapters: Record<Platform, PlatformAdapter>;
  connections: ConnectionsService;
  /** Where the files come from, and which URLs networks that pull media are given. */
  media: MediaSource;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Counts attempts by network and outcome, and how late published targets were. */
  metrics?: Pick<AppMetrics, 'publish' | 'publishLateness'>;
}

const MAX_BACKOFF_MS = 2 * 60 * 60_000;
/**
 * An outcome waits this long for others to be recorded with it. In a burst the network's answers come
 * a few milliseconds apart; written one by one, each costs several times what it costs in a group.
 */
const FINISH_WAIT_MS = 30;
/** Jobs the queue's fetch path runs at once (the claim of due posts is the main path). */
const FALLBACK_CONCURRENCY = 12;
/** The most posts one claim of due posts takes (a burst is taken a page at a time). */
const SWEEP_PAGE = 200;
/** A worker with no room left claims again once this much room is free (or its hands are empty). */
const REFILL_AT = 50;
/** Waiting longer than this for a rate limit is a failure the person should see, not a silent delay. */
const MAX_WAIT_MS = 24 * 60 * 60_000;

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
 * The publishing worker (DESIGN.md section 5): claims a due target, records the attempt, calls the
 * network through its adapter and records the outcome; transient failures come back later as new jobs,
 * permanent ones fail the target with a reason a person understands.
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
  // Claims and outcomes of jobs running together are written together (one statement per group).
  const claim = grouped(async (targetIds: string[]) => {
    const claimed = await repo.claimMany(targetIds, clock(), options.leaseMs, worker);
    return targetIds.map((id) => claimed.get(id) ?? null);
  });
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

  const backoff = (attempts: number) => {
    const base = Math.min(options.retryBaseMs * 4 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
    return Math.round(base * (0.8 + Math.random() * 0.4));
  };

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
    // Files from S3 are downloaded for the call (adapters upload from a path) and removed after it.
    return withMediaFiles(claim, deps.media, { localFiles: !adapter.pullsMedia }, (media) => {
      const input = {
        targetId: claim.targetId,
        text: htmlToText(claim.contentHtml),
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

  const decide = (claim: ClaimedTarget, error: unknown): Outcome => {
    const now = clock().getTime();
    // A refusal without a code of its own keeps the network's words, under a code the web can word.
    if (error instanceof PlatformError && error.kind === 'permanent')
      return { kind: 'failed', error: error.message, code: error.options.code ?? 'refused' };
    const transient = error instanceof PlatformError;
    const message = transient
      ? error.message
      : 'Something went wrong while publishing; the error was logged.';
    const code = transient ? (error.options.code ?? null) : 'internal';
    const wait = Math.max(backoff(claim.attempts), transient ? (error.options.retryAfterMs ?? 0) : 0);
    if (claim.attempts >= options.maxAttempts || wait > MAX_WAIT_MS)
      return { kind: 'failed', error: `${message} (gave up after ${claim.attempts} tries)`, code };
    return { kind: 'retry', at: new Date(now + wait), error: message, code };
  };

  /** Targets this process is publishing now, claimed by either path. */
  let running = 0;
  const inFlight = new Set<Promise<void>>();

  /** One job: publish one target, or find there is nothing to do. */
  const handle = async (targetId: string) => {
    const claimed = await claim(targetId);
    if (!claimed) {
      const current = await repo.peek(targetId);
      // Someone else holds it: come back when their claim would run out, in case they died.
      if (current?.status === 'publishing' && current.leaseUntil) {
        await deps.queue.send(publishTargetJob, { targetId }, { startAfter: current.leaseUntil });
      }
      // Its edited video is still being made: look again soon, without counting a try.
      if (current?.waitingForRender) {
        await deps.queue.send(
          publishTargetJob,
          { targetId },
          { startAfter: new Date(clock().getTime() + options.renderWaitMs) },
        );
      }
      return;
    }
    await run(claimed);
  };

  /** Publishes a claimed target and records how it went. */
  const run = async (claimed: ClaimedTarget) => {
    const { targetId } = claimed;
    running++;
    // The lease runs from the claim, so the heartbeat starts here, not once the network's lane lets the
    // target through: a claimed target waiting in its lane without one would see its lease run out, and
    // the reconciler would hand it to a second claim while this one still publishes (two posts).
    const heartbeat = setInterval(
      () =>
        void repo
          .extendLease(targetId, new Date(clock().getTime() + options.leaseMs))
          .catch((error: unknown) => logger.warn({ err: error }, 'lease heartbeat failed')),
      Math.max(250, options.leaseMs / 3),
    );
    let outcome: Outcome;
    let latency: number;
    try {
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
          result = decide(claimed, error);
        }
        return { outcome: result, latency: Math.round(performance.now() - started) };
      }));
    } finally {
      clearInterval(heartbeat);
      running--;
    }
    try {
      await record(claimed, outcome, latency);
    } finally {
      roomFreed();
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

  /**
   * The instant posts come due (decision 028): claims them straight from the posts table, a page at a
   * time while this process has room, and publishes each one without waiting for the page. The claim
   * deletes their queued jobs in the same statement (decision 030); one that a queue fetch took just
   * before finds its target claimed and does nothing. Returns how many targets it took (none: the
   * queue's fetch looks instead).
   */
  const refillAt = Math.min(REFILL_AT, Math.ceil(options.concurrency / 4));
  let sweeping = false;
  let sweepAgain = false;
  let waitingForRoom = false;
  let stopped = false;
  const sweepOnce = async () => {
    let taken = 0;
    for (;;) {
      const room = Math.min(SWEEP_PAGE, options.concurrency - running);
      // A claim costs about the same for 1 post as for 50: while others run, wait for a good page.
      if (room <= 0 || (room < refillAt && running > 0)) {
        waitingForRoom = true;
        return taken;
      }
      const page = [...(await repo.claimDue(room, clock(), options.leaseMs, worker)).values()];
      if (!page.length) return taken;
      taken += page.length;
      for (const claimed of page) {
        const task = run(claimed)
          .catch((error: unknown) => logger.error({ err: error, target: claimed.targetId }, 'publish failed'))
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      // Fewer targets than there was room for: every due post was taken (a post has one target or
      // more), and asking again would only find none.
      if (page.length < room) return taken;
    }
  };
  /**
   * A target ended, whichever path claimed it: once there is room for a good page, or when it was the
   * last one, the claim of due posts that waited for room runs again (a claim costs about the same for 1
   * post as for 50), and the queue's fetch, held back meanwhile, may fetch again.
   */
  function roomFreed() {
    if (waitingForRoom && (options.concurrency - running >= refillAt || running === 0)) {
      waitingForRoom = false;
      void sweep();
    }
  }
  const sweep = async (): Promise<boolean> => {
    if (stopped) return false;
    if (sweeping) {
      sweepAgain = true;
      return true;
    }
    sweeping = true;
    let taken = 0;
    try {
      do {
        sweepAgain = false;
        taken += await sweepOnce();
      } while (sweepAgain && !stopped);
    } catch (error) {
      logger.error({ err: error }, 'claiming due posts failed');
    } finally {
      sweeping = false;
    }
    return taken > 0;
  };

  /** Sends a job for each target left behind: a lease that ran out, or a due target without a live job. */
  const reconcile = async () => {
    const now = clock();
    const stale = await repo.stale(now, new Date(now.getTime() - options.leaseMs));
    if (!stale.length) return;
    const live = await deps.queue.liveJobIds(
      publishTargetJob,
      stale.filter((s) => s.status !== 'publishing' && s.jobId).map((s) => s.jobId!),
      options.leaseMs / 1000,
    );
    const orphans = stale.filter((s) => s.status === 'publishing' || !s.jobId || !live.has(s.jobId));
    for (const target of orphans) await deps.queue.send(publishTargetJob, { targetId: target.id });
    if (orphans.length)
      logger.warn({ count: orphans.length }, 'resumed targets left behind by a stopped worker');
  };

  return {
    handle,
    reconcile,
    async start() {
      // The queue's own fetch is the fallback path (retries, a post part of which is already being
      // published, anything the claim of due posts left): a few jobs at a time, so that it does not take
      // a burst's posts beyond what this worker has room for while other workers wait for work.
      const fallback = Math.min(options.concurrency, FALLBACK_CONCURRENCY);
      await deps.queue.work(publishTargetJob, ({ targetId }) => handle(targetId), {
        concurrency: fallback,
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        wakeAtDue: sweep,
        // Not while the claim of due posts is taking a burst or waits for room: the fetch would sort
        // every job of the burst for a few of them (10 ms each on 10,000), take them from the claim,
        // and wait on its locks. Otherwise as many as there is room for, so that retries go out beside
        // a steady stream of due posts.
        fetchUpTo: () => (sweeping || waitingForRoom ? 0 : options.concurrency - running),
      });
      // Loaded now rather than by the first post of a burst (50 ms of its first moments).
      await loadClient();
      const loop = () =>
        reconcile().catch((error: unknown) => logger.error({ err: error }, 'publish reconcile failed'));
      await loop();
      // Posts that came due while no worker ran are taken now rather than at the next poll.
      void sweep();
      reconciler = setInterval(loop, options.reconcileMs);
      refresher = setInterval(
        () => void deps.connections.refreshExpiring().catch((error: unknown) => logger.error({ err: error })),
        5 * 60_000,
      );
      reconciler.unref();
      refresher.unref();
    },
    /** Stops claiming and waits (at most 10 s) for the targets this process is publishing. */
    async stop() {
      stopped = true;
      clearInterval(reconciler);
      clearInterval(refresher);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(inFlight),
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
      ]);
      clearTimeout(timer);
    },
  };
}
export type Publisher = ReturnType<typeof createPublisher>;
