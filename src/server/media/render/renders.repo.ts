import { sql } from 'drizzle-orm';
import { type Db, rowsOf, transaction } from '../../db/client';
import type { RenderFailure } from '../../../shared/api/posts.schemas';
import type { VideoLayout } from '../../../shared/video/layout';

/** A video of a post being scheduled, seen through one of its targets, with what its layout needs. */
export interface TargetVideo {
  targetId: string;
  postId: string;
  mediaId: string;
  /** Who uploaded the video: the render counts in their storage. */
  userId: string;
  /** The workspace of the post and its video, whose variables its captions take. */
  workspaceId: string;
  /** The post's edits of this video as stored (checked by the caller). */
  edits: unknown;
  sha256: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

interface TargetVideoRow {
  target_id: string;
  post_id: string;
  media_id: string;
  user_id: string;
  workspace_id: string;
  edits: unknown;
  sha256: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
}

interface ClaimRow {
  id: string;
  user_id: string;
  workspace_id: string;
  media_id: string;
  layout: VideoLayout | string;
  source_key: string;
}

/** The advisory lock that serialises render claims across every worker (any constant of our own). */
const CLAIM_LOCK = 7_023_002;

/** The uses of renders by posts still to go out (`from` … `where`), for `and pm.render_id = …` to follow. */
const WAITING_USES = sql`post_media pm join posts p on p.id = pm.post_id
  where p.status in ('scheduled', 'publishing')`;
/** When a use needs its render: the post's time (one publishing without a time needs it now). */
const neededAt = (now: Date) => sql`coalesce(p.scheduled_at, ${now})`;

/** The render rows' reads and writes; each change of state is one conditional statement. */
export function createRendersRepo(db: Db) {
  return {
    /** Inside the scheduling transaction `tx`: the videos of the posts of these targets, one row per target. */
    async videosOfTargets(tx: Db, targetIds: string[]): Promise<TargetVideo[]> {
      return rowsOf<TargetVideoRow>(
        await tx.execute(sql`
          select t.id as target_id, pm.post_id, pm.media_id, m.user_id, m.workspace_id, pm.edits, m.sha256, m.width, m.height,
                 m.duration_seconds
            from post_targets t
            join post_media pm on pm.post_id = t.post_id
            join media m on m.id = pm.media_id and m.kind = 'video'
           where t.id = any(${sql.param(targetIds)}::uuid[])`),
      ).map((row) => ({
        targetId: row.target_id,
        postId: row.post_id,
        mediaId: row.media_id,
        userId: row.user_id,
        workspaceId: row.workspace_id,
        edits: typeof row.edits === 'string' ? JSON.parse(row.edits) : row.edits,
        sha256: row.sha256,
        width: row.width,
        height: row.height,
        durationSeconds: row.duration_seconds,
      }));
    },

    /** Inside `tx`: each workspace's variables (name → value), which captions' `{{variables}}` take. */
    async variablesOf(tx: Db, workspaceIds: string[]) {
      const variables = new Map<string, Record<string, string>>();
      for (const row of rowsOf<{ workspace_id: string; name: string; value: string }>(
        await tx.execute(
          sql`select workspace_id, name, value from variables
               where workspace_id = any(${sql.param(workspaceIds)}::uuid[])`,
        ),
      )) {
        const map = variables.get(row.workspace_id) ?? {};
        map[row.name] = row.value;
        variables.set(row.workspace_id, map);
      }
      return variables;
    },

    /**
     * Inside `tx`: finds or makes the render keyed `key` and touches it (so the sweep leaves it alone).
     * One that failed is tried again when its post is scheduled again (a retry), and one stopped because
     * nothing needed it (cancelled) is made when a post needs it again. `pending`: it waits for a job.
     */
    async upsert(
      tx: Db,
      render: { key: string; userId: string; workspaceId: string; mediaId: string; layout: VideoLayout },
    ) {
      const [row] = rowsOf<{ id: string; status: string }>(
        await tx.execute(sql`
          insert into video_renders (key, user_id, workspace_id, media_id, layout)
          values (${render.key}, ${render.userId}, ${render.workspaceId}, ${render.mediaId},
                  ${JSON.stringify(render.layout)}::jsonb)
          on conflict (key) do update set updated_at = now(),
            status = case when video_renders.status in ('failed', 'cancelled') then 'pending'
                          else video_renders.status end,
            error = case when video_renders.status in ('failed', 'cancelled') then null
                         else video_renders.error end
          returning id, status`),
      );
      return { id: row!.id, pending: row!.status === 'pending' };
    },

    /** Inside `tx`: the post's video `mediaId` goes out as render `renderId` (null: as uploaded). */
    async useRender(tx: Db, postId: string, mediaId: string, renderId: string | null) {
      await tx.execute(sql`update post_media set render_id = ${renderId}
        where post_id = ${postId} and media_id = ${mediaId}`);
    },

    /**
     * Takes the render that should get a free slot now (decision 033), whichever job asked: of the
     * renders wanted now (a scheduled or publishing post that uses it is due before `wantedBefore`) that
     * are pending, or rendering under a lease that ran out (their worker died), the one of the user with
     * the fewest renders running, then of the user whose last render began longest ago, then the one
     * needed first. Claims are serialised by an advisory lock, so two workers never both count a user as
     * idle; one conditional UPDATE, so two never take the same row.
     */
    async claimNext(now: Date, leaseUntil: Date, wantedBefore: Date) {
      const row = await transaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
        const [claimed] = rowsOf<ClaimRow>(
          await tx.execute(sql`
            with load as (
              select user_id,
                     count(*) filter (where status = 'rendering' and lease_until >= ${now}) as running,
                     max(started_at) as last_started
                from video_renders group by user_id
            ), candidates as (
              select r.id, r.user_id, (select min(${neededAt(now)}) from ${WAITING_USES} and pm.render_id = r.id) as needed_at
                from video_renders r
               where r.status = 'pending' or (r.status = 'rendering' and r.lease_until < ${now})
            ), chosen as (
              select c.id from candidates c join load l on l.user_id = c.user_id
               where c.needed_at <= ${wantedBefore}
               order by l.running, l.last_started nulls first, c.needed_at, c.id
               limit 1
            )
            update video_renders r
               set status = 'rendering', attempts = r.attempts + 1, lease_until = ${leaseUntil},
                   started_at = ${now}, updated_at = ${now}
              from media m, chosen
             where r.id = chosen.id and m.id = r.media_id
               and (r.status = 'pending' or (r.status = 'rendering' and r.lease_until < ${now}))
            returning r.id, r.user_id, r.workspace_id, r.media_id, r.layout, m.storage_key as source_key`),
        );
        return claimed;
      });
      if (!row) return undefined;
      const layout = typeof row.layout === 'string' ? (JSON.parse(row.layout) as VideoLayout) : row.layout;
      return {
        id: row.id,
        userId: row.user_id,
        workspaceId: row.workspace_id,
        mediaId: row.media_id,
        layout,
        sourceKey: row.source_key,
      };
    },

    /**
     * Whether the render `id` is still ours to run and still wanted: its row exists (its upload was not
     * deleted) and a scheduled or publishing post that uses it is due before `wantedBefore`.
     */
    async stillWanted(id: string, now: Date, wantedBefore: Date) {
      const [row] = rowsOf<{ wanted: boolean }>(
        await db.execute(sql`
          select exists (select 1 from video_renders r where r.id = ${id} and r.status = 'rendering'
                           and exists (select 1 from ${WAITING_USES} and pm.render_id = r.id
                                        and ${neededAt(now)} <= ${wantedBefore}))
                 as wanted`),
      );
      return row?.wanted === true;
    },

    /**
     * Gives up a render stopped because nothing wanted it. The row is locked first, so scheduling (which
     * upserts it) has either committed, and is seen here, or waits. When a post still waiting for it
     * needs it (moved out of the lead window), it goes back to pending and `requeue` queues its job at
     * that time in the same transaction; when none does, it is cancelled until a post is scheduled with
     * it again. A row gone (its upload deleted) or no longer rendering is left alone.
     */
    async release(id: string, now: Date, requeue: (tx: Db, neededAt: Date) => Promise<void>) {
      await transaction(db, async (tx) => {
        const [locked] = rowsOf<{ status: string }>(
          await tx.execute(sql`select status from video_renders where id = ${id} for update`),
        );
        if (locked?.status !== 'rendering') return;
        const [next] = rowsOf<{ needed_at: Date | string | null }>(
          await tx.execute(
            sql`select min(${neededAt(now)}) as needed_at from ${WAITING_USES} and pm.render_id = ${id}`,
          ),
        );
        const neededAtValue = next?.needed_at ? new Date(next.needed_at) : null;
        await tx.execute(sql`
          update video_renders
             set status = ${neededAtValue ? 'pending' : 'cancelled'}, lease_until = null, updated_at = ${now}
           where id = ${id}`);
        if (neededAtValue) await requeue(tx, neededAtValue);
      });
    },

    async extendLease(id: string, until: Date) {
      await db.execute(
        sql`update video_renders set lease_until = ${until} where id = ${id} and status = 'rendering'`,
      );
    },

    /** Records the file; false when the row is gone or no longer ours (then the caller drops the file). */
    async ready(
      id: string,
      file: { storageKey: string; bytes: number; width: number; height: number; durationSeconds: number },
      now: Date,
    ) {
      const moved = rowsOf<{ id: string }>(
        await db.execute(sql`
          update video_renders
             set status = 'ready', storage_key = ${file.storageKey}, bytes = ${file.bytes},
                 width = ${file.width}, height = ${file.height}, duration_seconds = ${file.durationSeconds},
                 error = null, lease_until = null, updated_at = ${now}
           where id = ${id} and status = 'rendering'
          returning id`),
      );
      return moved.length > 0;
    },

    /** Records why it failed; a row no longer rendering (stopped, or its upload deleted) is left alone. */
    async failed(id: string, error: RenderFailure, now: Date) {
      await db.execute(sql`
        update video_renders set status = 'failed', error = ${error}, lease_until = null, updated_at = ${now}
         where id = ${id} and status = 'rendering'`);
    },

    /**
     * Removes renders no waiting post uses (none scheduled or publishing refers to it) and untouched since
     * `before`, and answers their files' keys. Scheduling touches a render it reuses, so one that a post
     * is being scheduled with right now is never taken.
     */
    async sweep(before: Date) {
      return rowsOf<{ storage_key: string | null }>(
        await db.execute(sql`
          delete from video_renders r
           where r.updated_at < ${before} and r.status <> 'rendering'
             and not exists (select 1 from post_media pm join posts p on p.id = pm.post_id
                              where pm.render_id = r.id and p.status in ('scheduled', 'publishing'))
          returning r.storage_key`),
      )
        .map((r) => r.storage_key)
        .filter((key): key is string => key !== null);
    },

    /** The files of a media item's renders, to remove with it (its rows go by cascade). */
    async keysOfMedia(mediaId: string) {
      return rowsOf<{ storage_key: string }>(
        await db.execute(
          sql`select storage_key from video_renders where media_id = ${mediaId} and storage_key is not null`,
        ),
      ).map((r) => r.storage_key);
    },

    /** A ready render by id, for the signed link a pulling network fetches. */
    async findReady(id: string) {
      const [row] = rowsOf<{ storage_key: string }>(
        await db.execute(sql`select storage_key from video_renders where id = ${id} and status = 'ready'`),
      );
      return row ? { mime: 'video/mp4', storageKey: row.storage_key } : undefined;
    },
  };
}
export type RendersRepo = ReturnType<typeof createRendersRepo>;
