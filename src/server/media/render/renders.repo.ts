import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RenderFailure } from '../../../shared/api/posts.schemas';
import type { VideoLayout } from '../../../shared/video/layout';

interface ClaimRow {
  id: string;
  user_id: string;
  layout: VideoLayout | string;
  source_key: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The render rows' reads and writes; each change of state is one conditional statement. */
export function createRendersRepo(db: Db) {
  return {
    /**
     * Takes a render to work on: pending, or rendering under a lease that ran out (its worker died). One
     * conditional UPDATE, so two workers never render the same row; a job for a finished one does nothing.
     */
    async claim(id: string, now: Date, leaseUntil: Date) {
      const [row] = rowsOf<ClaimRow>(
        await db.execute(sql`
          update video_renders r
             set status = 'rendering', attempts = r.attempts + 1, lease_until = ${leaseUntil},
                 updated_at = ${now}
            from media m
           where r.id = ${id} and m.id = r.media_id
             and (r.status = 'pending' or (r.status = 'rendering' and r.lease_until < ${now}))
          returning r.id, r.user_id, r.layout, m.storage_key as source_key`),
      );
      if (!row) return undefined;
      const layout = typeof row.layout === 'string' ? (JSON.parse(row.layout) as VideoLayout) : row.layout;
      return { id: row.id, userId: row.user_id, layout, sourceKey: row.source_key };
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
