import { and, eq, sql } from 'drizzle-orm';
import type { RenderFailure } from '../../shared/api/posts.schemas';
import type { MediaFile } from '../platforms/contract';
import { type Db, rowsOf, transaction } from '../db/client';
import type { QueueStat } from '../jobs/queue';
import { postTargets } from '../db/schema';
import type { ConnectionRow } from '../connections/connections.repo';
import type { PublishScheduler } from './scheduler';
import { type Settlement, settlementOf } from './settlement';

interface ClaimRow {
  id: string;
  post_id: string;
  user_id: string;
  workspace_id: string;
  platform: string;
  content_html: string;
  checkpoint: Record<string, string> | string;
  attempts: number;
  attempt_id: string;
  interrupted: number;
  first_at: string | Date | null;
  scheduled_at: string | Date;
  was_due: string | Date;
  unclear: boolean | null;
  connection: ConnectionJson | string | null;
  media: ClaimedMedia[] | string;
}

/** A social_connections row as row_to_json writes it. */
interface ConnectionJson {
  id: string;
  user_id: string;
  workspace_id: string;
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

/**
 * A file a claimed target sends, as the adapters' contract describes it (`MediaFile`, without the local
 * path and the link, which are made for the call): the upload, or for a video with edits its ready
 * render, chosen by the claim. `storageKey` is where the file is kept and `linkId` what its signed link
 * names; `renderFailure` says why an edited video could not be made (the target then fails).
 */
export type ClaimedMedia = Omit<MediaFile, 'path' | 'publicUrl'> & {
  storageKey: string;
  linkId: string;
  renderFailure: RenderFailure | null;
};

/** A post whose edited video is still being made waits: its targets are not claimed (nor charged a try). */
const RENDER_WAITING = sql`exists (select 1 from post_media pm
  join video_renders r on r.id = pm.render_id
  where pm.post_id = t.post_id and r.status in ('pending', 'rendering'))`;
/** The posts waiting for an edited video (a handful at most). */
const RENDERS_IN_PROGRESS = sql`select pm.post_id from post_media pm
  join video_renders r on r.id = pm.render_id where r.status in ('pending', 'rendering')`;

/**
 * The targets of posts still to go out that wait for their time (pending) or their next try (retrying),
 * due before `at` (or at it, with `orAt`), as `t.id, t.status`: read from the due index (decision 036).
 */
export function waitingTargetsDue(at: Date, { orAt = false } = {}) {
  const before = orAt ? sql`<=` : sql`<`;
  return sql`select t.id, t.status from post_targets t
      where t.due_at ${before} ${at} and t.status in ('pending', 'retrying')`;
}

/**
 * Publishing as a queue, for health and metrics (decision 036): targets due and not taken (a lease that
 * ran out counts), targets being published, and how long the oldest due one has waited. Two reads of
 * indexes: the due ones from the due index, the running ones from (status, updated_at).
 */
export async function publishStat(db: Db, now: Date): Promise<QueueStat> {
  const [row] = rowsOf<{ due: unknown; active: unknown; lag: unknown }>(
    await db.execute(sql`select
      (select count(*) from post_targets where due_at <= ${now}) as due,
      (select count(*) from post_targets where status = 'publishing' and lease_until >= ${now}) as active,
      (select coalesce(extract(epoch from ${now}::timestamptz - min(due_at)), 0)
         from post_targets where due_at <= ${now}) as lag`),
  );
  return {
    queue: 'publish-target',
    due: Number(row?.due ?? 0),
    active: Number(row?.active ?? 0),
    lagSeconds: Math.max(0, Number(row?.lag ?? 0)),
  };
}

/**
 * A network's text as PostgreSQL can store it: a lone surrogate (from a JSON escape in an answer) would
 * make the whole batch's JSON unreadable to it, and a NUL has no place in its text.
 */
const storable = (text: string) =>
  // The plain test first: a Unicode-aware replace costs microseconds on every outcome of a burst.
  /[\0\ud800-\udfff]/.test(text) ? text.replace(/\p{Cs}/gu, '\uFFFD').replaceAll('\0', '') : text;

export interface ClaimedTarget {
  /** The account it goes to (the workspace's connection of this network), if there is one. */
  connection: ConnectionRow | null;
  media: ClaimedMedia[];
  targetId: string;
  postId: string;
  /** The post's author. */
  userId: string;
  workspaceId: string;
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
  /** Its last attempt never recorded an end: the worker holding it stopped, and its lease ran out. */
  takenOver: boolean;
  firstAttemptAt: Date;
  /** When the post was due (publish lateness is measured from it). */
  scheduledAt: Date;
  /** When this try was due: its post's time, its retry's time, or the end of a lease it took over. */
  dueAt: Date;
}

/**
 * Error codes of attempts whose request may have reached the network although no answer said so: the
 * next attempt must look for the post before posting again (`PublishInput.resumed`).
 */
const UNCLEAR_CODES = ['timeout', 'unreachable', 'server_error', 'unexpected_answer', 'internal'];

export type Settled =
  | { kind: 'published'; remoteId: string; url: string | null }
  | { kind: 'failed'; error: string; code: string | null };
/** Another try later, at `at`. */
export type Retry = { kind: 'retry'; at: Date; error: string; code: string | null };
/** How an attempt ended: for good (recorded with `finishMany`), or to be tried again (`retryLater`). */
export type Outcome = Settled | Retry;

/** An attempt that ended for good, published or failed, to be recorded. */
export interface Finished {
  claim: ClaimedTarget;
  outcome: Settled;
  latencyMs: number;
}

/** The worker's reads and writes; every state change of a target is one conditional statement or transaction. */
export function createPublishingRepo(
  db: Db,
  scheduler: PublishScheduler,
  hooks: {
    /** Runs in the transaction that records targets published (analytics queues their first reading). */
    onPublished?: (tx: Db, targetIds: string[], publishedAt: Date) => Promise<void>;
    /** Runs in the transaction that records targets failed for good (alerts queue their mails). */
    onFailed?: (tx: Db, targetIds: string[]) => Promise<void>;
    /**
     * Runs in the same transaction with every target this batch settled and every post whose status it
     * moved to an end (webhooks queue their deliveries there, so an event and its deliveries commit together).
     */
    onSettled?: (tx: Db, settled: Settlement, now: Date) => Promise<void>;
  } = {},
) {
  /**
   * Records how attempts ended, published or failed, for many targets at once: attempts, targets and their
   * posts (all published, all failed, a mix of both, or still going) in one statement. A burst finishes
   * hundreds of targets a second; one statement per batch instead of four per target.
   */
  const finishMany = async (items: Finished[], now: Date) => {
    if (!items.length) return;
    // One JSON document rather than a parameter array per column: the driver quotes every element of an
    // array one by one, a tenth of the worker's database time in a burst (issue 15).
    const outcomes = JSON.stringify(
      items.map(({ claim, outcome, latencyMs }) => ({
        target_id: claim.targetId,
        attempt_id: claim.attemptId,
        status: outcome.kind,
        error: outcome.kind === 'failed' ? storable(outcome.error) : null,
        code: outcome.kind === 'failed' ? outcome.code : null,
        remote_id: outcome.kind === 'published' ? storable(outcome.remoteId) : null,
        url: outcome.kind === 'published' && outcome.url !== null ? storable(outcome.url) : null,
        latency_ms: latencyMs,
      })),
    );
    const postIds = [...new Set(items.map((i) => i.claim.postId))].sort();
    await transaction(db, async (tx) => {
      // The targets of one post settle it one at a time. A statement does not see what another target
      // committed after the statement began: without this lock, two targets finishing together each
      // read the other as still publishing, and the post stays `publishing` for good (PostgreSQL). In
      // id order, so that two batches sharing posts cannot deadlock.
      await tx.execute(
        sql`select id from posts where id = any(${sql.param(postIds)}::uuid[]) order by id for update`,
      );
      const moved = (await tx.execute(sql`
        with o as (
          select * from json_to_recordset(${outcomes}::json)
            as o(target_id uuid, attempt_id uuid, status text, error text, code text, remote_id text,
                 url text, latency_ms int)
        ), attempt as (
          update publish_attempts a
             set outcome = o.status, finished_at = ${now}, latency_ms = o.latency_ms,
                 error = o.error, error_code = o.code
            from o where a.id = any(array(select attempt_id from o)) and a.id = o.attempt_id
        ), target as (
          update post_targets t
             set status = o.status, last_error = o.error, last_error_code = o.code,
                 remote_id = coalesce(o.remote_id, t.remote_id), remote_url = coalesce(o.url, t.remote_url),
                 published_at = case when o.status = 'published' then ${now}::timestamptz end,
                 next_attempt_at = null, lease_until = null, due_at = null, updated_at = ${now}
            from o
           where t.id = any(array(select target_id from o)) and t.id = o.target_id
             and t.status = 'publishing'
          returning t.id, t.post_id, t.status
        ), settled as (
        -- The statement cannot see its own target updates: each post's targets are read as they were,
        -- with the ones moved here taken from what they were moved to.
        update posts p set updated_at = ${now}, status = coalesce((
          select case
            when bool_and(s = 'published') then 'published'
            when bool_and(s = 'failed') then 'failed'
            when bool_and(s in ('published', 'failed')) then 'partially_failed'
            else 'publishing' end
          from (select coalesce(moved.status, pt.status) as s
                  from post_targets pt left join target moved on moved.id = pt.id
                 where pt.post_id = p.id) x), p.status)
         where p.id = any(array(select post_id from target))
        returning p.id, p.status
        )
        select t.id, t.status, s.status as post_status
          from target t left join settled s on s.id = t.post_id`)) as unknown as {
        rows: { id: string; status: string; post_status: string | null }[];
      };
      const publishedIds = moved.rows.filter((row) => row.status === 'published').map((row) => row.id);
      if (hooks.onPublished && publishedIds.length) await hooks.onPublished(tx, publishedIds, now);
      const failedIds = moved.rows.filter((row) => row.status === 'failed').map((row) => row.id);
      if (hooks.onFailed && failedIds.length) await hooks.onFailed(tx, failedIds);
      if (hooks.onSettled && moved.rows.length)
        await hooks.onSettled(tx, settlementOf(items, moved.rows), now);
    });
  };

  /**
   * Takes up to `limit` targets that are due, earliest first, for this worker (decision 036): pending
   * or retrying and due, or publishing under a lease that ran out (its worker died; its due time is the
   * lease's end). Targets and posts another claim or another transaction holds are skipped, never
   * waited for, so a claim takes no part in a deadlock and workers sharing a burst each take their own
   * part. The UPDATE is conditional, so two workers can never both win a target; the attempts, the
   * posts' status, the accounts and the media come in the same statement.
   *
   * `dueBy` (default `now`) takes targets due a moment ahead too: the caller holds each until its
   * `dueAt`, so the claim's own time is not added to a post's lateness. A lease is taken over only once
   * it has run out at `now`. With `renderWaitUntil`, targets due whose edited video is still being
   * made are moved to look again then, in the same statement, without counting a try.
   */
  const claimDue = async (
    limit: number,
    now: Date,
    leaseMs: number,
    worker: string,
    /** Targets this worker holds already: never taken over by itself. */
    inHand: string[] = [],
    { dueBy = now, renderWaitUntil }: { dueBy?: Date; renderWaitUntil?: Date } = {},
  ) => {
    const claimed = new Map<string, ClaimedTarget>();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const deferred = renderWaitUntil
      ? sql`, deferred as (
          update post_targets set due_at = ${renderWaitUntil}
           where id in (select t.id from post_targets t
                         where t.post_id in (${RENDERS_IN_PROGRESS}) and t.due_at <= ${dueBy}
                           and t.status in ('pending', 'retrying')
                           for update skip locked)
        )`
      : sql``;
    const result = (await db.execute(sql`
        with picked as (
          select t.id, t.due_at from post_targets t join posts p on p.id = t.post_id
           where t.due_at <= ${dueBy} and p.status in ('scheduled', 'publishing')
             and t.post_id not in (${RENDERS_IN_PROGRESS})
             and t.id <> all(${sql.param(inHand)}::uuid[])
           order by t.due_at limit ${limit}
             for update of t, p skip locked
        )${deferred}, claimed as (
          update post_targets t
             set status = 'publishing', lease_until = ${leaseUntil}, due_at = ${leaseUntil},
                 attempts = t.attempts + 1, updated_at = ${now},
                 -- The account chosen for it, or the network's first where none was (issue 25).
                 connection_id = (select c.id from social_connections c
                                   where c.workspace_id = p.workspace_id and c.platform = t.platform
                                     and (t.account_id is null or c.account_id = t.account_id)
                                   order by c.created_at, c.id limit 1)
            from posts p, picked k
           where t.id = k.id and p.id = t.post_id
             and p.status in ('scheduled', 'publishing') and p.scheduled_at <= ${dueBy}
             and ((t.status in ('pending', 'retrying') and t.due_at <= ${dueBy})
               or (t.status = 'publishing' and t.lease_until < ${now}))
             and not ${RENDER_WAITING}
          returning t.id, t.post_id, p.user_id, p.workspace_id, t.platform, t.checkpoint, t.attempts, t.connection_id,
                    p.scheduled_at, k.due_at as was_due,
                    -- The target's own version, where the post has one (issue 26): its account's, else its
                    -- network's; its text, and its files when it chose some.
                    coalesce((select e->>'contentHtml' from jsonb_array_elements(p.versions) e
                               where e->>'platform' = t.platform
                                 and (e->>'account' is null or e->>'account' = t.account_id)
                               order by e->>'account' is null limit 1), p.content_html) as content_html,
                    (select case jsonb_typeof(e->'media') when 'array' then e->'media' end
                       from jsonb_array_elements(p.versions) e
                      where e->>'platform' = t.platform
                        and (e->>'account' is null or e->>'account' = t.account_id)
                      order by e->>'account' is null limit 1) as files
        ), started as (
          update posts set status = 'publishing', updated_at = ${now}
           where id = any(array(select post_id from claimed)) and status = 'scheduled'
        ), interrupted as (
          update publish_attempts set outcome = 'interrupted', finished_at = ${now}
           where target_id = any(array(select id from claimed)) and outcome is null
          returning target_id
        ), earlier as (
          -- An attempt that ended without a clear answer (timed out, lost its connection, a 5xx, an
          -- unreadable answer, an error of ours) may have created the post before its answer was lost.
          select target_id, min(started_at) as first_at,
                 coalesce(bool_or(error_code = any(${sql.param(UNCLEAR_CODES)}::text[])), false) as unclear
            from publish_attempts where target_id = any(array(select id from claimed))
           group by target_id
        ), attempt as (
          insert into publish_attempts (target_id, started_at, worker)
          select id, ${now}, ${worker} from claimed
          returning id, target_id
        )
        select c.id, c.post_id, c.user_id, c.workspace_id, c.platform, c.content_html, c.checkpoint, c.attempts,
               c.scheduled_at, c.was_due, a.id as attempt_id,
               (select count(*) from interrupted i where i.target_id = c.id)::int as interrupted,
               e.first_at, e.unclear,
               row_to_json(conn) as connection,
               (select coalesce(json_agg(json_build_object(
                         'id', m.id, 'kind', m.kind, 'altText', pm.alt,
                         'mime', case when f.ready then 'video/mp4' else m.mime end,
                         'bytes', case when f.ready then coalesce(r.bytes, m.bytes) else m.bytes end,
                         'width', case when f.ready then r.width else m.width end,
                         'height', case when f.ready then r.height else m.height end,
                         'durationSeconds', case when f.ready then r.duration_seconds else m.duration_seconds end,
                         'storageKey', case when f.ready then r.storage_key else m.storage_key end,
                         'linkId', case when f.ready then r.id else m.id end,
                         'renderFailure', case when r.status = 'failed' then coalesce(r.error, 'internal') end
                       ) order by pm.position), '[]'::json)
                  from post_media pm join media m on m.id = pm.media_id
                  left join video_renders r on r.id = pm.render_id
                  -- A ready render replaces the upload: its file, its facts, and its own signed link.
                  cross join lateral (select r.status = 'ready' and r.storage_key is not null as ready) f
                 where pm.post_id = c.post_id
                   and (c.files is null or pm.media_id::text in (select jsonb_array_elements_text(c.files)))) as media
          from claimed c
          join attempt a on a.target_id = c.id
          left join earlier e on e.target_id = c.id
          left join social_connections conn on conn.id = c.connection_id`)) as unknown as {
      rows: ClaimRow[];
    };
    const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    for (const row of result.rows) {
      const connection = row.connection ? json<ConnectionJson>(row.connection) : null;
      claimed.set(row.id, {
        targetId: row.id,
        postId: row.post_id,
        userId: row.user_id,
        workspaceId: row.workspace_id,
        platform: row.platform,
        contentHtml: row.content_html,
        checkpoint: json(row.checkpoint),
        attempts: row.attempts,
        attemptId: row.attempt_id,
        resumed: row.interrupted > 0 || Boolean(row.unclear),
        takenOver: row.interrupted > 0,
        firstAttemptAt: row.first_at ? new Date(row.first_at) : now,
        scheduledAt: new Date(row.scheduled_at),
        dueAt: new Date(row.was_due),
        connection: connection && {
          id: connection.id,
          userId: connection.user_id,
          workspaceId: connection.workspace_id,
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
      });
    }
    return claimed;
  };

  return {
    claimDue,

    /**
     * The earliest due time. The caller measures it against the clock its claims use: measured on the
     * database's clock, a database clock ahead of the worker's would ring the alarm before the claim
     * could take anything.
     */
    async nextDueAt(): Promise<Date | null> {
      const { rows } = (await db.execute(
        sql`select min(due_at) as at from post_targets where due_at is not null`,
      )) as unknown as { rows: { at: Date | string | null }[] };
      const at = rows[0]?.at;
      return at === null || at === undefined ? null : new Date(at);
    },

    /** Keeps the claims on `targetIds` alive (their due time moves with the lease). */
    async extendLeases(targetIds: string[], until: Date) {
      await db.execute(sql`update post_targets set lease_until = ${until}, due_at = ${until}
         where id = any(${sql.param(targetIds)}::uuid[]) and status = 'publishing'`);
    },

    async saveCheckpoint(targetId: string, values: Record<string, string>) {
      await db
        .update(postTargets)
        .set({ checkpoint: sql`${postTargets.checkpoint} || ${JSON.stringify(values)}::jsonb` })
        .where(eq(postTargets.id, targetId));
    },

    /**
     * Records an attempt that will be tried again and moves the target on, due at its next try. The
     * target first, as a claim locks it first (a claim taking over its lease waits for nothing).
     */
    async retryLater(claim: ClaimedTarget, outcome: Retry, now: Date, latencyMs: number) {
      await transaction(db, async (tx) => {
        const moved = await tx
          .update(postTargets)
          .set({
            status: 'retrying',
            lastError: outcome.error,
            lastErrorCode: outcome.code,
            nextAttemptAt: outcome.at,
            dueAt: outcome.at,
            leaseUntil: null,
            updatedAt: now,
          })
          .where(and(eq(postTargets.id, claim.targetId), eq(postTargets.status, 'publishing')))
          .returning({ id: postTargets.id });
        await tx.execute(sql`update publish_attempts set outcome = 'retry', finished_at = ${now},
            latency_ms = ${latencyMs}, error = ${outcome.error}, error_code = ${outcome.code}
          where id = ${claim.attemptId}`);
        if (moved.length) await scheduler.schedule(tx, [claim.targetId], outcome.at);
      });
    },

    finishMany,
  };
}
export type PublishingRepo = ReturnType<typeof createPublishingRepo>;
