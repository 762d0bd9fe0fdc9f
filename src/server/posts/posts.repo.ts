import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RenderFailure, RenderStatus, StoredVersion } from '../../shared/api/posts.schemas';
import type { TargetChoice } from '../connections/accounts';
import { type Db, rowsOf, transaction } from '../db/client';
import { media, postMedia, posts, postTargets, videoRenders } from '../db/schema';
import type { PublishScheduler } from '../publishing/scheduler';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;
export type AttachedMedia = typeof media.$inferSelect & {
  edits: Record<string, unknown> | null;
  alt: string;
  /** The edited file being made or made for it, if the post was scheduled with edits that need one. */
  render: { status: RenderStatus; error: RenderFailure | null } | null;
};
export type PostWithTargets = PostRow & { targets: TargetRow[]; media: AttachedMedia[] };
/** What a calendar card needs of a post and its targets. */
export type CalendarRow = Pick<PostRow, 'id' | 'status' | 'scheduledAt' | 'contentHtml'> & {
  /** An occurrence of a recurring post. */
  recurring?: boolean;
  /** A post in an account's queue: whether that queue is paused (it is held there). */
  queue?: 'queued' | 'paused' | null;
  targets: Pick<
    TargetRow,
    'platform' | 'accountId' | 'status' | 'nextAttemptAt' | 'lastError' | 'lastErrorCode'
  >[];
};
/** A draft as a list shows it: no media rows, only how many. */
export type DraftRow = Pick<PostRow, 'id' | 'contentHtml' | 'scheduledAt' | 'updatedAt'> & {
  platforms: string[];
  mediaCount: number;
};
export interface MediaLink {
  id: string;
  edits: Record<string, unknown> | null;
  alt: string;
}

export interface PostValues {
  contentHtml: string;
  status: PostRow['status'];
  scheduledAt: Date | null;
  timezone: string;
  /** Per-network versions (issue 26); none when absent. */
  versions?: StoredVersion[];
  /** On a rewrite: what stays approved (its hash) or nothing; a reviewer's note kept or cleared. */
  approvalHash?: string | null;
  reviewNote?: string | null;
}

/** One pending target per network, or per account chosen of it, as stored. */
const insertTargets = (tx: Db, postId: string, targets: TargetChoice[]): Promise<TargetRow[]> =>
  targets.length
    ? tx
        .insert(postTargets)
        .values(targets.map(({ platform, accountId }) => ({ postId, platform, accountId })))
        .returning()
    : Promise.resolve([]);

async function insertMedia(tx: Db, postId: string, links: MediaLink[]) {
  if (!links.length) return;
  await tx.insert(postMedia).values(
    links.map((link, position) => ({
      postId,
      mediaId: link.id,
      position,
      edits: link.edits ?? {},
      alt: link.alt,
    })),
  );
}

async function attach(tx: Db, postId: string, choices: TargetChoice[], links: MediaLink[]) {
  const targets = await insertTargets(tx, postId, choices);
  await insertMedia(tx, postId, links);
  return targets.map((t) => t.id);
}

/** A row of `table` as `row_to_json` wrote it, in the types drizzle reads that table's columns with. */
function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)))
    row[key] = json[column.name] == null ? null : column.mapFromDriverValue(json[column.name]);
  return row as T['$inferSelect'];
}

/** A post that is due to go out has its targets' due time set in the same transaction. */
const dueAt = (values: Pick<PostValues, 'status' | 'scheduledAt'>) =>
  values.status === 'scheduled' ? values.scheduledAt : null;

/** Every query names the owner: a post id of another user finds nothing. */
export function createPostsRepo(db: Db, scheduler: PublishScheduler) {
  /**
   * The posts matching `where`, each with its targets and media. Three queries whatever the number of
   * posts: the targets and media are joined on the same condition rather than fetched by a list of ids.
   */
  const load = async (where: SQL): Promise<PostWithTargets[]> => {
    const rows = await db.select().from(posts).where(where).orderBy(asc(posts.scheduledAt), asc(posts.id));
    if (!rows.length) return [];
    const [targets, attached] = await Promise.all([
      db
        .select({ target: postTargets })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(where)
        .orderBy(asc(postTargets.platform), asc(postTargets.accountId)),
      db
        .select({
          postId: postMedia.postId,
          edits: postMedia.edits,
          alt: postMedia.alt,
          media,
          renderStatus: videoRenders.status,
          renderError: videoRenders.error,
        })
        .from(postMedia)
        .innerJoin(posts, eq(posts.id, postMedia.postId))
        .innerJoin(media, eq(media.id, postMedia.mediaId))
        .leftJoin(videoRenders, eq(videoRenders.id, postMedia.renderId))
        .where(where)
        .orderBy(asc(postMedia.position)),
    ]);
    const byPost = new Map<string, PostWithTargets>(
      rows.map((r) => [r.id, { ...r, targets: [], media: [] }]),
    );
    for (const { target } of targets) byPost.get(target.postId)?.targets.push(target);
    for (const a of attached)
      byPost.get(a.postId)?.media.push({
        ...a.media,
        edits: a.media.kind === 'video' ? a.edits : null,
        alt: a.alt,
        render: a.renderStatus ? { status: a.renderStatus, error: a.renderError } : null,
      });
    return [...byPost.values()];
  };

  return {
    async find(workspaceId: WorkspaceId, id: string) {
      return (await load(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId))!))[0];
    },
    /** The user's posts among `ids`, each whole, in scheduled order (then by id). */
    async findMany(workspaceId: WorkspaceId, ids: string[]) {
      if (!ids.length) return [];
      return load(and(inArray(posts.id, ids), eq(posts.workspaceId, workspaceId))!);
    },
    /**
     * The calendar's range: what the cards show of the posts and their targets (no media), in one query.
     * The targets come as one JSON array per post: decoding 1,000 rows of JSON text costs the embedded
     * database less than half of decoding 3,000 rows of columns.
     */
    async listScheduledBetween(workspaceId: WorkspaceId, from: Date, to: Date): Promise<CalendarRow[]> {
      const result = (await db.execute(sql`
        select p.id, p.status, p.scheduled_at, p.content_html, p.occurrence_at is not null as recurring,
               (select coalesce(json_agg(json_build_array(t.platform, t.status, t.next_attempt_at,
                                                          t.last_error, t.last_error_code, t.account_id)
                                         order by t.platform, t.account_id), '[]')::text
                  from post_targets t where t.post_id = p.id) as targets,
               (select case when s.paused then 'paused' else 'queued' end
                  from queue_slots q
                  left join posting_schedules s
                    on s.workspace_id = q.workspace_id and s.platform = q.platform and s.account_id = q.account_id
                 where q.post_id = p.id) as queue
          from posts p
         where p.workspace_id = ${workspaceId} and p.scheduled_at >= ${from} and p.scheduled_at < ${to}
         order by p.scheduled_at, p.id`)) as unknown as {
        rows: {
          id: string;
          status: PostRow['status'];
          scheduled_at: Date | string;
          content_html: string;
          recurring: boolean;
          targets: string;
          queue: 'queued' | 'paused' | null;
        }[];
      };
      return result.rows.map((row) => ({
        id: row.id,
        status: row.status,
        scheduledAt: new Date(row.scheduled_at),
        contentHtml: row.content_html,
        recurring: row.recurring,
        queue: row.queue,
        targets: (
          JSON.parse(row.targets) as [
            string,
            TargetRow['status'],
            string | null,
            string | null,
            string | null,
            string | null,
          ][]
        ).map(([platform, status, nextAttemptAt, lastError, lastErrorCode, accountId]) => ({
          platform,
          accountId,
          status,
          nextAttemptAt: nextAttemptAt ? new Date(nextAttemptAt) : null,
          lastError,
          lastErrorCode,
        })),
      }));
    },
    /** A page of the user's drafts, the latest changed first, and how many there are in all. */
    async listDrafts(workspaceId: WorkspaceId, limit: number, offset: number) {
      const drafts = and(eq(posts.workspaceId, workspaceId), eq(posts.status, 'draft'));
      const [result, [counted]] = await Promise.all([
        db.execute(sql`
          select p.id, p.content_html, p.scheduled_at, p.updated_at,
                 (select coalesce(json_agg(distinct t.platform order by t.platform), '[]')::text
                    from post_targets t where t.post_id = p.id) as platforms,
                 (select count(*)::int from post_media m where m.post_id = p.id) as media_count
            from posts p
           where p.workspace_id = ${workspaceId} and p.status = 'draft'
           order by p.updated_at desc, p.id desc
           limit ${limit} offset ${offset}`) as unknown as Promise<{
          rows: {
            id: string;
            content_html: string;
            scheduled_at: Date | string | null;
            updated_at: Date | string;
            platforms: string;
            media_count: number;
          }[];
        }>,
        db.select({ total: count() }).from(posts).where(drafts),
      ]);
      const rows: DraftRow[] = result.rows.map((row) => ({
        id: row.id,
        contentHtml: row.content_html,
        scheduledAt: row.scheduled_at === null ? null : new Date(row.scheduled_at),
        updatedAt: new Date(row.updated_at),
        platforms: JSON.parse(row.platforms) as string[],
        mediaCount: Number(row.media_count),
      }));
      return { rows, total: counted?.total ?? 0 };
    },
    /**
     * The post, its targets and media, and its targets' due time, inside the caller's transaction (a
     * queued post is written under its queue's lock). Answered from the rows the inserts returned.
     */
    async insert(
      tx: Db,
      { workspaceId, userId }: Scope,
      values: PostValues,
      choices: TargetChoice[],
      links: MediaLink[],
    ): Promise<PostWithTargets> {
      // The post and its targets in one statement: on the embedded database each statement costs
      // more than the rows it writes (a scheduling call ~7% less CPU than with two inserts).
      const [written] = rowsOf<{ post: string; targets: string }>(
        await tx.execute(sql`
          with p as (
            insert into ${posts} (workspace_id, user_id, content_html, status, scheduled_at, timezone, versions)
            values (${workspaceId}, ${userId}, ${values.contentHtml}, ${values.status},
                    ${values.scheduledAt?.toISOString() ?? null}::timestamptz, ${values.timezone},
                    ${JSON.stringify(values.versions ?? [])}::jsonb)
            returning *),
          t as (
            insert into ${postTargets} (post_id, platform, account_id)
            select p.id, x.platform, x.account_id
              from p, unnest(${sql.param(choices.map((c) => c.platform))}::text[],
                             ${sql.param(choices.map((c) => c.accountId))}::text[]) as x(platform, account_id)
            returning *)
          select row_to_json(p)::text as post,
                 (select coalesce(json_agg(t order by t.platform, t.account_id), '[]') from t)::text as targets
            from p`),
      );
      const row = rowFromJson(posts, JSON.parse(written!.post) as Record<string, unknown>);
      const targets = (JSON.parse(written!.targets) as Record<string, unknown>[]).map((t) =>
        rowFromJson(postTargets, t),
      );
      await insertMedia(tx, row.id, links);
      const at = dueAt(values);
      if (at)
        await scheduler.schedule(
          tx,
          targets.map((t) => t.id),
          at,
        );
      return { ...row, targets, media: [] };
    },
    /**
     * Many posts at once inside the caller's transaction (a bulk import, issue 27): the posts, then their
     * targets, then their media, each in one statement, and every target's due time in one more. The ids
     * are the caller's (`id` of each), so nothing depends on the order rows come back in. `held`: posts
     * whose targets no worker is to take yet (a paused queue's).
     */
    async insertMany(
      tx: Db,
      { workspaceId, userId }: Scope,
      items: {
        id: string;
        values: PostValues;
        choices: TargetChoice[];
        links: MediaLink[];
        held?: boolean;
      }[],
    ): Promise<void> {
      if (!items.length) return;
      await tx.execute(sql`
        insert into ${posts} (id, workspace_id, user_id, content_html, status, scheduled_at, timezone, versions)
        select x.id, ${workspaceId}, ${userId}, x.content_html, x.status, x.scheduled_at, x.timezone, x.versions::jsonb
          from unnest(${sql.param(items.map((i) => i.id))}::uuid[],
                      ${sql.param(items.map((i) => i.values.contentHtml))}::text[],
                      ${sql.param(items.map((i) => i.values.status))}::text[],
                      ${sql.param(items.map((i) => i.values.scheduledAt?.toISOString() ?? null))}::timestamptz[],
                      ${sql.param(items.map((i) => i.values.timezone))}::text[],
                      ${sql.param(items.map((i) => JSON.stringify(i.values.versions ?? [])))}::text[])
            as x(id, content_html, status, scheduled_at, timezone, versions)`);
      const choices = items.flatMap((i) => i.choices.map((c) => ({ postId: i.id, ...c })));
      const targets = rowsOf<{ id: string; post_id: string }>(
        await tx.execute(sql`
          insert into ${postTargets} (post_id, platform, account_id)
          select x.post_id, x.platform, x.account_id
            from unnest(${sql.param(choices.map((c) => c.postId))}::uuid[],
                        ${sql.param(choices.map((c) => c.platform))}::text[],
                        ${sql.param(choices.map((c) => c.accountId))}::text[]) as x(post_id, platform, account_id)
          returning id, post_id`),
      );
      const media = items.flatMap((i) =>
        i.links.map((link, position) => ({
          postId: i.id,
          mediaId: link.id,
          position,
          edits: link.edits ?? {},
          alt: link.alt,
        })),
      );
      if (media.length) await tx.insert(postMedia).values(media);
      const due = new Map(items.filter((i) => !i.held).map((i) => [i.id, dueAt(i.values)]));
      await scheduler.scheduleEach(
        tx,
        targets.flatMap((t) => {
          const at = due.get(t.post_id);
          return at ? [{ targetId: t.id, at }] : [];
        }),
      );
    },
    /**
     * The post, one pending target per network, its media and its targets' due time, in one transaction.
     * A post without media is answered from the rows its insert returned (the scheduler's own columns
     * as inserted, targets in the order `load` reads them): reading it back took three more queries, a
     * quarter of a scheduling call's. One with media is read back, with the renders the scheduler may
     * have made.
     */
    async create(
      { workspaceId, userId }: Scope,
      values: PostValues,
      choices: TargetChoice[],
      links: MediaLink[],
    ): Promise<PostWithTargets> {
      const post = await transaction(db, (tx) =>
        this.insert(tx, { workspaceId, userId }, values, choices, links),
      );
      return links.length ? (await this.find(workspaceId, post.id))! : post;
    },
    /**
     * Rewrites the post, its targets and media together; the targets start over as pending and
     * due at the post's time, all or nothing.
     */
    async replace(
      workspaceId: WorkspaceId,
      id: string,
      values: PostValues,
      choices: TargetChoice[],
      links: MediaLink[],
    ) {
      await transaction(db, (tx) => this.rewrite(tx, workspaceId, id, values, choices, links));
      return (await this.find(workspaceId, id))!;
    },
    /** `replace` inside the caller's transaction. */
    async rewrite(
      tx: Db,
      workspaceId: WorkspaceId,
      id: string,
      values: PostValues,
      choices: TargetChoice[],
      links: MediaLink[],
    ) {
      await tx
        .update(posts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
      await tx.delete(postTargets).where(eq(postTargets.postId, id));
      await tx.delete(postMedia).where(eq(postMedia.postId, id));
      const targetIds = await attach(tx, id, choices, links);
      const at = dueAt(values);
      if (at) await scheduler.schedule(tx, targetIds, at);
    },
    /**
     * Moves the post (and to the clock of `timezone`, when given) and, when it is scheduled, its pending
     * targets' due time with it.
     */
    async setScheduledAt(workspaceId: WorkspaceId, id: string, scheduledAt: Date, timezone?: string) {
      await transaction(db, async (tx) => {
        const [row] = await tx
          .update(posts)
          .set({ scheduledAt, ...(timezone ? { timezone } : {}), updatedAt: new Date() })
          .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)))
          .returning({ status: posts.status });
        if (row?.status !== 'scheduled') return;
        await scheduler.schedulePending(tx, id, scheduledAt);
      });
      return (await this.find(workspaceId, id))!;
    },
    /**
     * An occurrence of a recurring post as a scheduled post with its targets due, inside the caller's
     * transaction. Keyed by (recurring post, occurrence): when that post exists already (another worker
     * made it) nothing is written and the answer is null.
     */
    async createOccurrence(
      tx: Db,
      { workspaceId, userId }: Scope,
      occurrence: {
        recurringId: string;
        at: Date;
        contentHtml: string;
        versions: StoredVersion[];
        timezone: string;
      },
      choices: TargetChoice[],
      links: MediaLink[],
    ): Promise<string | null> {
      const [row] = await tx
        .insert(posts)
        .values({
          workspaceId,
          userId,
          contentHtml: occurrence.contentHtml,
          versions: occurrence.versions,
          status: 'scheduled',
          scheduledAt: occurrence.at,
          timezone: occurrence.timezone,
          recurringId: occurrence.recurringId,
          occurrenceAt: occurrence.at,
        })
        .onConflictDoNothing({ target: [posts.recurringId, posts.occurrenceAt] })
        .returning({ id: posts.id });
      if (!row) return null;
      await scheduler.schedule(tx, await attach(tx, row.id, choices, links), occurrence.at);
      return row.id;
    },
    /**
     * Deletes the occurrences of a recurring post that have not started going out,
     * inside the caller's transaction; published, failed or publishing ones stay.
     */
    async removeWaitingOccurrences(tx: Db, workspaceId: WorkspaceId, recurringId: string) {
      const waiting = and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.recurringId, recurringId),
        eq(posts.status, 'scheduled'),
      );
      await tx.delete(posts).where(waiting);
    },
    /** Failed targets back to pending, due now; the post is publishing again. */
    async retryFailed(workspaceId: WorkspaceId, id: string, now: Date) {
      await transaction(db, async (tx) => {
        const [post] = await tx
          .update(posts)
          .set({ status: 'publishing', updatedAt: now })
          .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)))
          .returning({ id: posts.id });
        if (!post) return;
        const failed = await tx
          .update(postTargets)
          .set({
            status: 'pending',
            lastError: null,
            lastErrorCode: null,
            nextAttemptAt: null,
            updatedAt: now,
          })
          .where(and(eq(postTargets.postId, id), eq(postTargets.status, 'failed')))
          .returning({ id: postTargets.id });
        await scheduler.schedule(
          tx,
          failed.map((f) => f.id),
          now,
        );
      });
      return (await this.find(workspaceId, id))!;
    },
    async remove(workspaceId: WorkspaceId, id: string) {
      // The targets and attempts go with the post (cascade).
      await db.delete(posts).where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
    },
  };
}
export type PostsRepo = ReturnType<typeof createPostsRepo>;
