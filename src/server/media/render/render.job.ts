import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { VideoEditsSchema } from '../../../shared/api/posts.schemas';
import { layoutVideo, needsRender } from '../../../shared/video/layout';
import type { Db } from '../../db/client';
import { defineJob, type Queue } from '../../jobs/queue';
import { RENDER_PROFILE } from './render-command';
import type { RendersRepo, TargetVideo } from './renders.repo';

/**
 * A slot for one render: its handler claims the render that is fairest to run now (renders.repo.ts
 * `claimNext`), which may be another user's than the one named; every render waiting has a job of its
 * own, so each job's slot is used by one of them. The claim is conditional, so a repeated job is harmless.
 */
export const renderVideoJob = defineJob({
  name: 'render-video',
  payload: z.object({ renderId: z.uuid() }),
  // A crashed worker's job comes back after it expires; a render that fails is recorded, not retried.
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 2 * 60 * 60,
});

/**
 * Called with the targets being scheduled, inside the transaction that schedules them (publishing/scheduler.ts):
 * decides which of their posts' videos need rendering, finds or makes each render (keyed by the hash
 * of source, layout and profile, so equal outputs are made once), points the post's media at it, and
 * queues its job `leadMs` before the earliest target's time (or now). Captions' `{{variables}}` take
 * the user's values as they are now.
 */
export function createRenderPreparer(
  queue: Queue,
  repo: Pick<RendersRepo, 'videosOfTargets' | 'variablesOf' | 'upsert' | 'useRender'>,
  options: { leadMs: number; clock: () => Date },
) {
  return async function prepare(tx: Db, targets: { targetId: string; at: Date }[]) {
    const videos = await repo.videosOfTargets(
      tx,
      targets.map((t) => t.targetId),
    );
    if (!videos.length) return;
    const atOf = new Map(targets.map((t) => [t.targetId, t.at.getTime()]));
    const variables = await repo.variablesOf(tx, [...new Set(videos.map((v) => v.workspaceId))]);
    // One entry per (post, video), due at the earliest of that post's targets being scheduled.
    const links = new Map<string, TargetVideo & { at: number }>();
    for (const v of videos) {
      const id = `${v.postId}/${v.mediaId}`;
      const at = atOf.get(v.targetId)!;
      const seen = links.get(id);
      if (!seen || at < seen.at) links.set(id, { ...v, at });
    }
    const renders = new Map<string, { id: string; pending: boolean; at: number }>();
    for (const link of links.values()) {
      const edits = VideoEditsSchema.safeParse(link.edits);
      const source =
        link.width && link.height && link.durationSeconds !== null
          ? { width: link.width, height: link.height, durationSeconds: link.durationSeconds }
          : null;
      let renderId: string | null = null;
      if (source && edits.success && needsRender(source, edits.data)) {
        const layout = layoutVideo(source, edits.data, variables.get(link.workspaceId) ?? {});
        const key = createHash('sha256')
          .update(`${link.sha256}\n${RENDER_PROFILE}\n${JSON.stringify(layout)}`)
          .digest('hex');
        let render = renders.get(key);
        if (!render) {
          render = {
            ...(await repo.upsert(tx, {
              key,
              userId: link.userId,
              workspaceId: link.workspaceId,
              mediaId: link.mediaId,
              layout,
            })),
            at: link.at,
          };
          renders.set(key, render);
        }
        render.at = Math.min(render.at, link.at);
        renderId = render.id;
      }
      await repo.useRender(tx, link.postId, link.mediaId, renderId);
    }
    const now = options.clock().getTime();
    const jobs = [...renders.values()]
      .filter((r) => r.pending)
      .map((r) => ({
        id: randomUUID(),
        data: { renderId: r.id },
        startAfter: new Date(Math.max(now, r.at - options.leadMs)),
      }));
    await queue.sendInTransaction(tx, renderVideoJob, jobs);
  };
}
export type RenderPreparer = ReturnType<typeof createRenderPreparer>;
