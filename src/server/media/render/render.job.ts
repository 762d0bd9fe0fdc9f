import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { VideoEditsSchema } from '../../../shared/api/posts.schemas';
import { layoutVideo, needsRender } from '../../../shared/video/layout';
import { type Db, rowsOf } from '../../db/client';
import { defineJob, type Queue } from '../../jobs/queue';
import { RENDER_PROFILE } from './render-command';

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

interface VideoRow {
  target_id: string;
  post_id: string;
  media_id: string;
  user_id: string;
  edits: Record<string, unknown> | string;
  sha256: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
}

/**
 * Called with the targets being scheduled, inside the transaction that schedules them (publish.job.ts):
 * decides which of their posts' videos need rendering, finds or makes each render (keyed by the hash
 * of source, layout and profile, so equal outputs are made once), points the post's media at it, and
 * queues its job `leadMs` before the earliest target's time (or now). Captions' `{{variables}}` take
 * the user's values as they are now.
 */
export function createRenderPreparer(queue: Queue, options: { leadMs: number; clock: () => Date }) {
  return async function prepare(tx: Db, targets: { targetId: string; at: Date }[]) {
    const videos = rowsOf<VideoRow>(
      await tx.execute(sql`
        select t.id as target_id, pm.post_id, pm.media_id, m.user_id, pm.edits, m.sha256, m.width, m.height,
               m.duration_seconds
          from post_targets t
          join post_media pm on pm.post_id = t.post_id
          join media m on m.id = pm.media_id and m.kind = 'video'
         where t.id = any(${sql.param(targets.map((t) => t.targetId))}::uuid[])`),
    );
    if (!videos.length) return;
    const atOf = new Map(targets.map((t) => [t.targetId, t.at.getTime()]));
    const users = [...new Set(videos.map((v) => v.user_id))];
    const variables = new Map<string, Record<string, string>>();
    for (const row of rowsOf<{ user_id: string; name: string; value: string }>(
      await tx.execute(
        sql`select user_id, name, value from variables where user_id = any(${sql.param(users)}::text[])`,
      ),
    )) {
      const map = variables.get(row.user_id) ?? {};
      map[row.name] = row.value;
      variables.set(row.user_id, map);
    }
    // One entry per (post, video), due at the earliest of that post's targets being scheduled.
    const links = new Map<string, VideoRow & { at: number }>();
    for (const v of videos) {
      const id = `${v.post_id}/${v.media_id}`;
      const at = atOf.get(v.target_id)!;
      const seen = links.get(id);
      if (!seen || at < seen.at) links.set(id, { ...v, at });
    }
    const renders = new Map<string, { id: string; pending: boolean; at: number }>();
    for (const link of links.values()) {
      const edits = VideoEditsSchema.safeParse(
        typeof link.edits === 'string' ? JSON.parse(link.edits) : link.edits,
      );
      const source =
        link.width && link.height && link.duration_seconds !== null
          ? { width: link.width, height: link.height, durationSeconds: link.duration_seconds }
          : null;
      let renderId: string | null = null;
      if (source && edits.success && needsRender(source, edits.data)) {
        const layout = layoutVideo(source, edits.data, variables.get(link.user_id) ?? {});
        const key = createHash('sha256')
          .update(`${link.sha256}\n${RENDER_PROFILE}\n${JSON.stringify(layout)}`)
          .digest('hex');
        let render = renders.get(key);
        if (!render) {
          // A render that failed is tried again when its post is scheduled again (a retry), and one
          // stopped because nothing needed it (cancelled) is made when a post needs it again.
          const [row] = rowsOf<{ id: string; status: string }>(
            await tx.execute(sql`
              insert into video_renders (key, user_id, media_id, layout)
              values (${key}, ${link.user_id}, ${link.media_id}, ${JSON.stringify(layout)}::jsonb)
              on conflict (key) do update set updated_at = now(),
                status = case when video_renders.status in ('failed', 'cancelled') then 'pending'
                              else video_renders.status end,
                error = case when video_renders.status in ('failed', 'cancelled') then null
                             else video_renders.error end
              returning id, status`),
          );
          render = { id: row!.id, pending: row!.status === 'pending', at: link.at };
          renders.set(key, render);
        }
        render.at = Math.min(render.at, link.at);
        renderId = render.id;
      }
      await tx.execute(sql`update post_media set render_id = ${renderId}
        where post_id = ${link.post_id} and media_id = ${link.media_id}`);
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
