import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderFailure } from '../../../shared/api/posts.schemas';
import type { VideoLayout } from '../../../shared/video/layout';
import { type ChangeFeed, NO_CHANGE_FEED } from '../../db/change-feed';
import type { Queue } from '../../jobs/queue';
import type { AppMetrics } from '../../monitoring/app-metrics';
import type { MediaStore } from '../media.store';
import { probeVideo } from '../probe';
import { renderVideoJob } from './render.job';
import { RenderError, RenderStopped, renderVideo } from './render-video';
import { createRenderWatch, RECHECK_MS } from './render-watch';
import type { RendersRepo } from './renders.repo';

export interface RendererDeps {
  repo: RendersRepo;
  queue: Queue;
  store: MediaStore;
  /** The ffmpeg to run, or null when the server has none (every render then fails, saying so). */
  ffmpeg: () => Promise<string | null>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Tells a running render that its posts or upload changed (without it, only the periodic check does). */
  changes?: ChangeFeed;
  metrics?: Pick<AppMetrics, 'render'>;
}

export interface RendererOptions {
  /** Render slots in this process. */
  concurrency: number;
  /** A render is wanted once a post that uses it is due within this long (RENDER_LEAD_MINUTES). */
  leadMs: number;
  /** ffmpeg's time bound: `timeoutBaseMs` plus `timeoutPerOutputSecond` × the output's seconds. */
  timeoutBaseMs: number;
  timeoutPerOutputSecond: number;
  /** How often running renders are checked when no change notice came (default 30 s). */
  recheckMs?: number;
}

/**
 * Why a render failed, as stored (the web words each code in six languages) and as the failed target's
 * English reason says it (its code `video_render_failed` is what the web translates there).
 */
export const RENDER_FAILURE_TEXT: Record<RenderFailure, string> = {
  no_ffmpeg: 'video editing needs ffmpeg, which this server does not have.',
  ffmpeg_failed: 'ffmpeg could not make it from this file.',
  timeout: 'it took longer than this server allows for a video of its length, and was stopped.',
  internal: 'something went wrong on the server; the error was logged.',
};
const LEASE_MS = 2 * 60_000;
/** A render no waiting post uses is removed once it has been left alone this long. */
const KEEP_UNUSED_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * The render worker (decisions 016, 033): each free slot claims the render that is fairest to run now,
 * runs ffmpeg on the shared layout within a time bound set by the output's length, and records the file
 * or why it failed; a render nothing wants any more is stopped on the spot. At most `concurrency` renders
 * run in a process, on a queue of their own, so a long render never holds up a publish job.
 */
export function createRenderer(deps: RendererDeps, options: RendererOptions) {
  const { repo, store, logger, clock } = deps;
  let sweeper: NodeJS.Timeout | undefined;
  const later = (ms: number) => new Date(clock().getTime() + ms);
  const watch = createRenderWatch({
    changes: deps.changes ?? NO_CHANGE_FEED,
    stillWanted: (renderId) => repo.stillWanted(renderId, clock(), later(options.leadMs)),
    logger,
    recheckMs: options.recheckMs ?? RECHECK_MS,
  });
  const timeoutOf = (layout: VideoLayout) =>
    options.timeoutBaseMs + options.timeoutPerOutputSecond * (layout.trim.end - layout.trim.start) * 1000;

  /**
   * A render stopped because nothing wanted it: cancelled, or pending again with its job at its new
   * time when a post moved out of the lead window still needs it.
   */
  const stopped = (renderId: string) =>
    repo.release(renderId, clock(), (tx, neededAt) =>
      deps.queue.sendInTransaction(tx, renderVideoJob, [
        {
          id: randomUUID(),
          data: { renderId },
          startAfter: new Date(Math.max(clock().getTime(), neededAt.getTime() - options.leadMs)),
        },
      ]),
    );

  /** Runs one render in this slot: the fairest to run now, whichever the job `_hint` named. */
  const handle = async (_hint: string) => {
    const claimed = await repo.claimNext(clock(), later(LEASE_MS), later(options.leadMs));
    if (!claimed) return;
    const renderId = claimed.id;
    const ffmpeg = await deps.ffmpeg();
    if (!ffmpeg) {
      await repo.failed(renderId, 'no_ffmpeg', clock());
      deps.metrics?.render('failed');
      return;
    }
    const controller = new AbortController();
    const forget = watch.watch(renderId, claimed.workspaceId, () => controller.abort());
    const heartbeat = setInterval(
      () =>
        void repo
          .extendLease(renderId, later(LEASE_MS))
          .catch((error: unknown) => logger.warn({ err: error }, 'render lease heartbeat failed')),
      LEASE_MS / 3,
    );
    const started = performance.now();
    const temp = await store.tempPath(`render-${renderId}.mp4`);
    const storageKey = `renders/${claimed.userId}/${renderId}.mp4`;
    try {
      // The source is read where it is (data folder) or from a temporary download (S3).
      await store.withLocalFile(claimed.sourceKey, async (input) =>
        renderVideo({
          ffmpeg,
          input,
          output: temp,
          layout: claimed.layout,
          workRoot: await store.tempPath(''),
          timeoutMs: timeoutOf(claimed.layout),
          signal: controller.signal,
        }),
      );
      const info = await probeVideo(temp);
      if (!info) throw new RenderError('the rendered file could not be read back');
      const { size } = await stat(temp);
      await store.keep(temp, storageKey, 'video/mp4');
      const recorded = await repo.ready(
        renderId,
        {
          storageKey,
          bytes: size,
          width: info.width,
          height: info.height,
          durationSeconds: info.durationSeconds,
        },
        clock(),
      );
      if (!recorded) await store.remove(storageKey);
      deps.metrics?.render('ready');
      logger.info(
        { render: renderId, ms: Math.round(performance.now() - started), bytes: size },
        'video rendered',
      );
    } catch (error) {
      await rm(temp, { force: true });
      // Stopped on purpose, or its upload deleted under it: nobody's failure, nothing to show.
      if (error instanceof RenderStopped || controller.signal.aborted) {
        await stopped(renderId);
        deps.metrics?.render('cancelled');
        logger.info({ render: renderId }, 'video render stopped: no waiting post needs it');
        return;
      }
      logger.error({ err: error, render: renderId }, 'video render failed');
      await repo.failed(renderId, error instanceof RenderError ? error.reason : 'internal', clock());
      deps.metrics?.render('failed');
    } finally {
      clearInterval(heartbeat);
      forget();
    }
  };

  const sweep = async () => {
    const keys = await repo.sweep(new Date(clock().getTime() - KEEP_UNUSED_MS));
    for (const key of keys) await store.remove(key);
    if (keys.length) logger.info({ count: keys.length }, 'removed renders no post uses');
  };

  return {
    handle,
    sweep,
    async start() {
      watch.start();
      await deps.queue.work(renderVideoJob, ({ renderId }) => handle(renderId), {
        concurrency: options.concurrency,
      });
      const loop = () =>
        sweep().catch((error: unknown) => logger.error({ err: error }, 'render sweep failed'));
      await loop();
      sweeper = setInterval(loop, SWEEP_EVERY_MS);
      sweeper.unref();
    },
    stop() {
      watch.stop();
      clearInterval(sweeper);
    },
  };
}
export type Renderer = ReturnType<typeof createRenderer>;
