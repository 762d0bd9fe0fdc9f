import { rm, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderFailure } from '../../../shared/api/posts.schemas';
import type { Queue } from '../../jobs/queue';
import type { AppMetrics } from '../../monitoring/app-metrics';
import type { MediaStore } from '../media.store';
import { probeVideo } from '../probe';
import { renderVideoJob } from './render.job';
import { RenderError, renderVideo } from './render-video';
import type { RendersRepo } from './renders.repo';

export interface RendererDeps {
  repo: RendersRepo;
  queue: Queue;
  store: MediaStore;
  /** The ffmpeg to run, or null when the server has none (every render then fails, saying so). */
  ffmpeg: () => Promise<string | null>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  metrics?: Pick<AppMetrics, 'render'>;
}

/**
 * Why a render failed, as stored (the web words each code in six languages) and as the failed target's
 * English reason says it (its code `video_render_failed` is what the web translates there).
 */
export const RENDER_FAILURE_TEXT: Record<RenderFailure, string> = {
  no_ffmpeg: 'video editing needs ffmpeg, which this server does not have.',
  ffmpeg_failed: 'ffmpeg could not make it from this file.',
  internal: 'something went wrong on the server; the error was logged.',
};
const LEASE_MS = 2 * 60_000;
/** A render no waiting post uses is removed once it has been left alone this long. */
const KEEP_UNUSED_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * The render worker (decision 016): claims a render, runs ffmpeg on the shared layout into the media
 * store, and records the file or why it failed. At most `concurrency` renders run in a process, on a
 * queue of their own, so a long render never holds up a publish job.
 */
export function createRenderer(deps: RendererDeps, options: { concurrency: number }) {
  const { repo, store, logger, clock } = deps;
  let sweeper: NodeJS.Timeout | undefined;

  const handle = async (renderId: string) => {
    const claimed = await repo.claim(renderId, clock(), new Date(clock().getTime() + LEASE_MS));
    if (!claimed) return;
    const ffmpeg = await deps.ffmpeg();
    if (!ffmpeg) {
      await repo.failed(renderId, 'no_ffmpeg', clock());
      deps.metrics?.render('failed');
      return;
    }
    const heartbeat = setInterval(
      () =>
        void repo
          .extendLease(renderId, new Date(clock().getTime() + LEASE_MS))
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
      logger.error({ err: error, render: renderId }, 'video render failed');
      await repo.failed(renderId, error instanceof RenderError ? 'ffmpeg_failed' : 'internal', clock());
      deps.metrics?.render('failed');
    } finally {
      clearInterval(heartbeat);
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
      clearInterval(sweeper);
    },
  };
}
export type Renderer = ReturnType<typeof createRenderer>;
