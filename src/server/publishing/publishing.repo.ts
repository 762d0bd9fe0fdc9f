import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { posts, postTargets } from '../db/schema';
import type { ConnectionRow } from '../connections/connections.repo';
import type { PublishScheduler } from './publish.job';

interface ClaimRow {
  id: string;
  post_id: string;
  user_id: string;
  platform: string;
  content_html: string;
  checkpoint: Record<string, string> | string;
  attempts: number;
  attempt_id: string;
  interrupted: number;
  first_at: string | Date | null;
  unclear: boolean | null;
  connection: ConnectionJson | string | null;
  media: ClaimedMedia[] | string;
}

/** A social_connections row as row_to_json writes it. */
interface ConnectionJson {
  id: string;
  user_id: string;
  platform: string;
  account_id: string;
  username: string;
  credentials: string;
  token_expires_at: string | null;
  settings: Record<string, string> | string;
  status: 'connected' | 'needs_reconnect';
  status_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClaimedMedia {
  id: string;
  kind: 'image' | 'video';
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  storageKey: string;
  alt: string;
}

export interface ClaimedTarget {
  /** The account it goes to (the user's connection of this network), if there is one. */
  connection: ConnectionRow | null;
  media: ClaimedMedia[];
  targetId: string;
  postId: string;
  userId: string;
  platform: string;
  contentHtml: string;
  checkpoint: Record<string, string>;
  attempts: number;
  attemptId: string;
  /**
   * An earlier attempt never recorded how it ended (its worker died), or ended without a clear answer
   * from the network (a timeout, a lost connection …): look before posting again.
   */
  resumed: boolean;
  firstAttemptAt: Date;
}

/**
 * Error codes of attempts whose request may have reached the network although no answer said so: the
 * next attempt must look for the post before posting again (`PublishInput.resumed`).
 */
const UNCLEAR_CODES = ['timeout', 'unreachable', 'server_error', 'unexpected_answer', 'internal'];

type Outcome =
  | { kind: 'published'; remoteId: string; url: string | null }
  | { kind: 'retry'; at: Date; error: string; code: string | null }
  | { kind: 'failed'; error: string; code: string | null };

/** The worker's reads and writes; every state change of a target is one conditional statement or transaction. */
export function createPublishingRepo(db: Db, scheduler: PublishScheduler) {
  /**
   * The post's new status once target `targetId` moves to `status`, as SQL (all published, all failed,
   * a mix of both, or still going). Used inside the same statement that moves the target, which cannot
   * see its own update yet.
   */
  const settled = (postId: string, targetId: string, status: string) => sql`coalesce((
    select case
      when bool_and(s = 'published') then 'published'
      when bool_and(s = 'failed') then 'failed'
      when bool_and(s in ('published', 'failed')) then 'partially_failed'
      else 'publishing' end
    from (select case when id = ${targetId} then ${status} else status end as s
            from post_targets where post_id = ${postId}) x), posts.status)`;

  return {
    /**
     * Takes the target for this worker if it is due and nobody holds it: pending or retrying and due, or
     * publishing under a lease that ran out (its worker died). One conditional UPDATE, so two workers can
     * never both win; the attempt, the post's status, the account and the media come in the same
     * statement (one round trip per publish on the embedded database).
     */
    async claim(targetId: string, now: Date, leaseMs: number, worker: string): Promise<ClaimedTarget | null> {
      const soon = new Date(now.getTime() + 2000);
      const result = (await db.execute(sql`
        with claimed as (
          update post_targets t
             set status = 'publishing', lease_until = ${new Date(now.getTime() + leaseMs)},
                 attempts = t.attempts + 1, updated_at = ${now},
                 connection_id = (select c.id from social_connections c
                                   where c.user_id = p.user_id and c.platform = t.platform)
            from posts p
           where t.id = ${targetId} and p.id = t.post_id
             and p.status in ('scheduled', 'publishing') and p.scheduled_at <= ${soon}
             and ((t.status in ('pending', 'retrying') and (t.next_attempt_at is null or t.next_attempt_at <= ${soon}))
               or (t.status = 'publishing' and t.lease_until < ${now}))
          returning t.id, t.post_id, p.user_id, t.platform, p.content_html, t.checkpoint, t.attempts, t.connection_id
        ), started as (
          update posts set status = 'publishing', updated_at = ${now}
           where id = (select post_id from claimed) and status = 'scheduled'
        ), interrupted as (
          update publish_attempts set outcome = 'interrupted', finished_at = ${now}
           where target_id = (select id from claimed) and outcome is null
          returning id
        ), earlier as (
          -- An attempt that ended without a clear answer (timed out, lost its connection, a 5xx, an
          -- unreadable answer, an error of ours) may have created the post before its answer was lost.
          select min(started_at) as first_at,
                 coalesce(bool_or(error_code = any(${sql.param(UNCLEAR_CODES)}::text[])), false) as unclear
            from publish_attempts where target_id = (select id from claimed)
        ), attempt as (
          insert into publish_attempts (target_id, started_at, worker)
          select id, ${now}, ${worker} from claimed
          returning id
        )
        select c.id, c.post_id, c.user_id, c.platform, c.content_html, c.checkpoint, c.attempts,
               (select id from attempt) as attempt_id,
               (select count(*) from interrupted)::int as interrupted,
               (select first_at from earlier) as first_at,
               (select unclear from earlier) as unclear,
               row_to_json(conn) as connection,
               (select coalesce(json_agg(json_build_object(
                         'id', m.id, 'kind', m.kind, 'mime', m.mime, 'bytes', m.bytes, 'width', m.width,
                         'height', m.height, 'durationSeconds', m.duration_seconds,
                         'storageKey', m.storage_key, 'alt', pm.alt) order by pm.position), '[]'::json)
                  from post_media pm join media m on m.id = pm.media_id
                 where pm.post_id = c.post_id) as media
          from claimed c left join social_connections conn on conn.id = c.connection_id`)) as unknown as {
        rows: ClaimRow[];
      };
      const row = result.rows[0];
      if (!row) return null;
      const json = <T>(value: T | string): T =>
        typeof value === 'string' ? (JSON.parse(value) as T) : value;
      const connection = row.connection ? json<ConnectionJson>(row.connection) : null;
      return {
        targetId: row.id,
        postId: row.post_id,
        userId: row.user_id,
        platform: row.platform,
        contentHtml: row.content_html,
        checkpoint: json(row.checkpoint),
        attempts: row.attempts,
        attemptId: row.attempt_id,
        resumed: row.interrupted > 0 || Boolean(row.unclear),
        firstAttemptAt: row.first_at ? new Date(row.first_at) : now,
        connection: connection && {
          id: connection.id,
          userId: connection.user_id,
          platform: connection.platform,
          accountId: connection.account_id,
          username: connection.username,
          credentials: connection.credentials,
          tokenExpiresAt: connection.token_expires_at ? new Date(connection.token_expires_at) : null,
          settings: json<Record<string, string>>(connection.settings),
          status: connection.status,
          statusReason: connection.status_reason,
          createdAt: new Date(connection.created_at),
          updatedAt: new Date(connection.updated_at),
        },
        media: json(row.media),
      };
    },

    /** What became of a target we could not claim, to decide whether to look again later. */
    async peek(targetId: string) {
      const [row] = await db
        .select({ status: postTargets.status, leaseUntil: postTargets.leaseUntil })
        .from(postTargets)
        .where(eq(postTargets.id, targetId));
      return row;
    },

    /** Keeps the claim alive while a long upload runs. */
    async extendLease(targetId: string, until: Date) {
      await db
        .update(postTargets)
        .set({ leaseUntil: until })
        .where(and(eq(postTargets.id, targetId), eq(postTargets.status, 'publishing')));
    },

    async saveCheckpoint(targetId: string, values: Record<string, string>) {
      await db
        .update(postTargets)
        .set({ checkpoint: sql`${postTargets.checkpoint} || ${JSON.stringify(values)}::jsonb` })
        .where(eq(postTargets.id, targetId));
    },

    /**
     * Records how the attempt ended and moves the target on: one statement for published and failed
     * (attempt, target and post together), a transaction with the next job when it will retry.
     */
    async finish(claim: ClaimedTarget, outcome: Outcome, now: Date, latencyMs: number) {
      const error = outcome.kind === 'published' ? null : outcome.error;
      const code = outcome.kind === 'published' ? null : outcome.code;
      const attempt = sql`update publish_attempts set outcome = ${outcome.kind}, finished_at = ${now},
          latency_ms = ${latencyMs}, error = ${error}, error_code = ${code}
        where id = ${claim.attemptId}`;
      if (outcome.kind === 'retry') {
        await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          await tx.execute(attempt);
          const moved = await tx
            .update(postTargets)
            .set({
              status: 'retrying',
              lastError: outcome.error,
              lastErrorCode: outcome.code,
              nextAttemptAt: outcome.at,
              leaseUntil: null,
              updatedAt: now,
            })
            .where(and(eq(postTargets.id, claim.targetId), eq(postTargets.status, 'publishing')))
            .returning({ id: postTargets.id });
          if (moved.length) await scheduler.schedule(tx, [claim.targetId], outcome.at);
        });
        return;
      }
      const published = outcome.kind === 'published';
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        // The targets of one post settle it one at a time. A statement does not see what another target
        // committed after the statement began: without this lock, two targets finishing together each
        // read the other as still publishing, and the post stays `publishing` for good (PostgreSQL).
        await tx.execute(sql`select id from posts where id = ${claim.postId} for update`);
        await tx.execute(sql`
        with attempt as (${attempt}),
        target as (
          update post_targets
             set status = ${outcome.kind}, last_error = ${error}, last_error_code = ${code},
                 remote_id = coalesce(${published ? outcome.remoteId : null}, remote_id),
                 remote_url = coalesce(${published ? outcome.url : null}, remote_url),
                 published_at = ${published ? now : null},
                 next_attempt_at = null, lease_until = null, updated_at = ${now}
           where id = ${claim.targetId} and status = 'publishing'
          returning post_id
        )
        update posts set updated_at = ${now}, status = ${settled(claim.postId, claim.targetId, outcome.kind)}
         where id = (select post_id from target)`);
      });
    },

    /**
     * Targets that should be moving and are not: a claim whose lease ran out (its worker died), and due
     * targets whose job is gone. Returns their ids and current job ids for the caller to check.
     */
    async stale(now: Date, dueBefore: Date) {
      const rows = await db
        .select({ id: postTargets.id, status: postTargets.status, jobId: postTargets.jobId })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          sql`(${postTargets.status} = 'publishing' and ${postTargets.leaseUntil} < ${now})
            or (${postTargets.status} in ('pending', 'retrying') and ${posts.status} in ('scheduled', 'publishing')
                and coalesce(${postTargets.nextAttemptAt}, ${posts.scheduledAt}) < ${dueBefore})`,
        )
        .limit(5000);
      return rows;
    },
  };
}
export type PublishingRepo = ReturnType<typeof createPublishingRepo>;
