import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../shared/platforms/rules';
import type { ConnectionsRepo } from '../connections/connections.repo';
import type { ConnectionsService } from '../connections/connections.service';
import type { JobContext, Queue } from '../jobs/queue';
import type { AppMetrics } from '../monitoring/app-metrics';
import { type MetricsReading, type PlatformAdapter, PlatformError } from '../platforms/contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import { withTimeout } from '../platforms/http';
import { collectMetricsJob } from './collect-metrics.job';
import type { MetricsRepo, SlotOutcome, TargetToRead } from './metrics.repo';

export interface CollectorOptions {
  /** Slot n is read this long after publishing (`slotOffsets`). */
  offsets: number[];
  timeoutMs: number;
  concurrency: number;
}

export interface CollectorDeps {
  repo: MetricsRepo;
  queue: Queue;
  adapters: Record<Platform, PlatformAdapter>;
  connections: Pick<ConnectionsService, 'withCredentials' | 'saveRenewed'>;
  connectionsRepo: Pick<ConnectionsRepo, 'findAccount'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  metrics?: Pick<AppMetrics, 'metricCollection'>;
}

/** A column is a 32-bit integer; a count beyond it (a viral video's views) is kept at the largest it holds. */
const INT_MAX = 2_147_483_647;
const bounded = (reading: MetricsReading): MetricsReading => {
  const cap = (value: number | null) =>
    value === null ? null : Math.min(Math.max(0, Math.round(value)), INT_MAX);
  return {
    likes: cap(reading.likes),
    shares: cap(reading.shares),
    comments: cap(reading.comments),
    reach: cap(reading.reach),
    impressions: cap(reading.impressions),
  };
};

/**
 * The metric reads (decision 020): one job per (target, slot). Each reads the figures through the
 * network's adapter, stores them with the next slot's job in one transaction, and so walks the
 * schedule to its end. An account that needs reconnecting pauses (a `paused` row, and the chain goes on,
 * so reading resumes once it is reconnected); a post the network no longer has ends the chain.
 */
export function createCollector(deps: CollectorDeps, options: CollectorOptions) {
  const { repo, adapters, logger, clock } = deps;

  const nextOf = (target: TargetToRead, slot: number) => {
    const offset = options.offsets[slot + 1];
    return offset === undefined
      ? null
      : {
          targetId: target.targetId,
          slot: slot + 1,
          at: new Date(target.publishedAt.getTime() + offset),
        };
  };

  /** Reads the figures; a failure comes back as the slot's outcome, or is thrown to be tried again. */
  const read = async (target: TargetToRead, ctx: JobContext): Promise<SlotOutcome> => {
    const platform = target.platform as Platform;
    const connection = await deps.connectionsRepo.findAccount(target.workspaceId, platform, target.accountId);
    if (!connection) return { outcome: 'paused', code: 'not_connected' };
    if (connection.status === 'needs_reconnect') return { outcome: 'paused', code: 'needs_reconnect' };
    if (!target.remoteId) return { outcome: 'failed', code: 'post_gone' };
    const remoteId = target.remoteId;
    const adapter = adapters[platform];
    try {
      const figures = await deps.connections.withCredentials(connection, async (credentials) => {
        try {
          return await withTimeout(options.timeoutMs, (signal) =>
            adapter.fetchMetrics({
              remoteId,
              remoteUrl: target.remoteUrl,
              credentials,
              account: { id: connection.accountId, username: connection.username },
              settings: connection.settings,
              saveCredentials: (renewed) => deps.connections.saveRenewed(connection, renewed),
              signal,
            }),
          );
        } catch (error) {
          // A token from before TikTok's video.list scope still publishes: not a reason to reconnect.
          if (error instanceof PlatformError && error.options.code === 'scope_not_authorized')
            throw new PlatformError('permanent', error.message, { code: 'scope_not_authorized' });
          throw error;
        }
      });
      return { outcome: 'read', figures: bounded(figures) };
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'permanent') {
        const code = error.options.code ?? 'refused';
        return { outcome: code === 'needs_reconnect' ? 'paused' : 'failed', code };
      }
      // Transient (or an error of ours): the queue tries again; the last try records the slot as failed.
      if (ctx.retryCount < ctx.retryLimit) throw error;
      if (!(error instanceof PlatformError))
        logger.error({ err: error, target: target.targetId, platform }, 'metric read failed unexpectedly');
      return {
        outcome: 'failed',
        code: error instanceof PlatformError ? (error.options.code ?? 'server_error') : 'internal',
      };
    }
  };

  /** One job: read one slot of one target, store it, queue the next. */
  const handle = async (targetId: string, slot: number, ctx: JobContext) => {
    const target = await repo.target(targetId, slot, clock());
    // Gone (the post was deleted) or not published: nothing to read, and no chain to carry on.
    if (!target || target.slotDone) return;
    if (target.ownerInactive) {
      // No reading for an owner who may not use the app; the chain goes on in case the trial is extended.
      await repo.record(target, slot, null, nextOf(target, slot), clock());
      return;
    }
    const result = await read(target, ctx);
    const ends = result.outcome === 'failed' && result.code === 'post_gone';
    await repo.record(target, slot, result, ends ? null : nextOf(target, slot), clock());
    deps.metrics?.metricCollection(target.platform, result.outcome);
    logger.info(
      {
        target: targetId,
        platform: target.platform,
        slot,
        outcome: result.outcome,
        code: result.outcome === 'read' ? undefined : result.code,
      },
      result.outcome === 'paused'
        ? `metric read paused: the ${PLATFORM_NAMES[target.platform as Platform]} account needs reconnecting`
        : 'metric read',
    );
  };

  return {
    handle,
    async start() {
      await deps.queue.work(collectMetricsJob, ({ targetId, slot }, ctx) => handle(targetId, slot, ctx), {
        concurrency: options.concurrency,
      });
    },
  };
}
export type Collector = ReturnType<typeof createCollector>;
