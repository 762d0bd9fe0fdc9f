import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';
import { type Db, transaction } from '../db/client';
import { lockOwnerRows } from '../db/owner-lock';
import { media, posts, recurringMedia, recurringPosts, recurringSkips, users } from '../db/schema';
import type { TargetRow } from '../posts/posts.repo';
import type { AttachedMedia, MediaLink } from '../posts/posts.repo';

export type RecurringRow = typeof recurringPosts.$inferSelect;
export type RecurringValues = Omit<RecurringRow, 'id' | 'userId' | 'workspaceId' | 'createdAt' | 'updatedAt'>;
export interface OccurrenceRow {
  postId: string;
  at: Date;
  targets: { platform: string; status: TargetRow['status'] }[];
}
/** A recurring post with what its list item shows. */
export type RecurringWithDetails = RecurringRow & {
  media: AttachedMedia[];
  skipped: { at: Date; reason: 'missed' }[];
  skippedTotal: number;
  occurrences: OccurrenceRow[];
};

const SKIPPED_SHOWN = 20;
const OCCURRENCES_SHOWN = 10;

/** Every query names the owner, but the worker's: it reads rules of all users to make their posts. */
export function createRecurringRepo(db: Db) {
  const mediaOf = async (ids: string[]) => {
    const rows = await db
      .select({
        recurringId: recurringMedia.recurringId,
        edits: recurringMedia.edits,
        alt: recurringMedia.alt,
        media,
      })
      .from(recurringMedia)
      .innerJoin(media, eq(media.id, recurringMedia.mediaId))
      .where(inArray(recurringMedia.recurringId, ids))
      .orderBy(asc(recurringMedia.position));
    return rows.map((r) => ({
      recurringId: r.recurringId,
      media: { ...r.media, edits: r.media.kind === 'video' ? r.edits : null, alt: r.alt } as AttachedMedia,
    }));
  };

  /** The rules with their media, newest skips and occurrences: four queries whatever their number. */
  const details = async (rules: RecurringRow[]): Promise<RecurringWithDetails[]> => {
    if (!rules.length) return [];
    const ids = rules.map((r) => r.id);
    const [attached, skips, occurrences] = await Promise.all([
      mediaOf(ids),
      db.execute(sql`
        select recurring_id, occurrence_at, reason, total from (
          select recurring_id, occurrence_at, reason,
                 row_number() over (partition by recurring_id order by occurrence_at desc) as n,
                 count(*) over (partition by recurring_id)::int as total
            from ${recurringSkips} where recurring_id = any(${sql.param(ids)}::uuid[])) s
         where n <= ${SKIPPED_SHOWN} order by occurrence_at desc`) as unknown as Promise<{
        rows: { recurring_id: string; occurrence_at: Date | string; reason: 'missed'; total: number }[];
      }>,
      db.execute(sql`
        select recurring_id, id, occurrence_at,
               (select coalesce(json_agg(json_build_array(t.platform, t.status) order by t.platform), '[]')::text
                  from post_targets t where t.post_id = p.id) as targets
          from (select p.*, row_number() over (partition by recurring_id order by occurrence_at desc) as n
                  from ${posts} p where recurring_id = any(${sql.param(ids)}::uuid[])) p
         where n <= ${OCCURRENCES_SHOWN} order by occurrence_at desc`) as unknown as Promise<{
        rows: { recurring_id: string; id: string; occurrence_at: Date | string; targets: string }[];
      }>,
    ]);
    const byId = new Map<string, RecurringWithDetails>(
      rules.map((r) => [r.id, { ...r, media: [], skipped: [], skippedTotal: 0, occurrences: [] }]),
    );
    for (const a of attached) byId.get(a.recurringId)?.media.push(a.media);
    for (const s of skips.rows) {
      const rule = byId.get(s.recurring_id);
      if (!rule) continue;
      rule.skipped.push({ at: new Date(s.occurrence_at), reason: s.reason });
      rule.skippedTotal = Number(s.total);
    }
    for (const o of occurrences.rows) {
      byId.get(o.recurring_id)?.occurrences.push({
        postId: o.id,
        at: new Date(o.occurrence_at),
        targets: (JSON.parse(o.targets) as [string, OccurrenceRow['targets'][number]['status']][]).map(
          ([platform, status]) => ({ platform, status }),
        ),
      });
    }
    return [...byId.values()];
  };

  const writeMedia = async (tx: Db, recurringId: string, links: MediaLink[]) => {
    await tx.delete(recurringMedia).where(eq(recurringMedia.recurringId, recurringId));
    if (!links.length) return;
    await tx.insert(recurringMedia).values(
      links.map((link, position) => ({
        recurringId,
        mediaId: link.id,
        position,
        edits: link.edits ?? {},
        alt: link.alt,
      })),
    );
  };

  return {
    async list(workspaceId: WorkspaceId) {
      const rules = await db
        .select()
        .from(recurringPosts)
        .where(eq(recurringPosts.workspaceId, workspaceId))
        .orderBy(desc(recurringPosts.createdAt), desc(recurringPosts.id));
      return details(rules);
    },
    async find(workspaceId: WorkspaceId, id: string) {
      const rules = await db
        .select()
        .from(recurringPosts)
        .where(and(eq(recurringPosts.id, id), eq(recurringPosts.workspaceId, workspaceId)));
      return (await details(rules))[0];
    },
    /**
     * The rule and its media, then `then` in the same transaction (the first occurrences); undefined,
     * and nothing written, when the workspace already has `max` rules.
     */
    async create(
      { workspaceId, userId }: Scope,
      values: RecurringValues,
      links: MediaLink[],
      then: (tx: Db, row: RecurringRow) => Promise<void>,
      max: number,
    ) {
      const id = await transaction(db, async (tx) => {
        await lockOwnerRows(tx, 'recurring_posts', workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(recurringPosts)
          .where(eq(recurringPosts.workspaceId, workspaceId));
        if ((held?.n ?? 0) >= max) return undefined;
        const [row] = await tx
          .insert(recurringPosts)
          .values({ workspaceId, userId, ...values })
          .returning();
        await writeMedia(tx, row!.id, links);
        await then(tx, row!);
        return row!.id;
      });
      return id === undefined ? undefined : (await this.find(workspaceId, id))!;
    },
    /** Rewrites the rule and its media (occurrences already made keep theirs), then `then`, all or nothing. */
    async replace(
      workspaceId: WorkspaceId,
      id: string,
      values: RecurringValues,
      links: MediaLink[],
      then: (tx: Db, row: RecurringRow) => Promise<void>,
    ) {
      const found = await transaction(db, async (tx) => {
        const [row] = await tx
          .update(recurringPosts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(recurringPosts.id, id), eq(recurringPosts.workspaceId, workspaceId)))
          .returning();
        if (!row) return false;
        await writeMedia(tx, id, links);
        await then(tx, row);
        return true;
      });
      return found ? (await this.find(workspaceId, id))! : undefined;
    },
    /**
     * Moves a rule's approval on if it is still as read (`from`, unchanged since `updatedAt`), then runs
     * `then` in the same transaction (its first occurrences, once approved). False when it was not.
     */
    async setApproval(
      workspaceId: WorkspaceId,
      id: string,
      expected: { from: string; updatedAt: Date },
      values: Pick<RecurringValues, 'approvalStatus' | 'approvalHash' | 'reviewNote' | 'nextAt'>,
      then: (tx: Db, row: RecurringRow) => Promise<void>,
    ) {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(recurringPosts)
          .set(values)
          .where(
            and(
              eq(recurringPosts.id, id),
              eq(recurringPosts.workspaceId, workspaceId),
              eq(recurringPosts.approvalStatus, expected.from),
              // The row keeps microseconds; what was read (a Date) has milliseconds.
              sql`date_trunc('milliseconds', ${recurringPosts.updatedAt}) = ${expected.updatedAt.toISOString()}::timestamptz`,
            ),
          )
          .returning();
        if (!row) return false;
        await then(tx, row);
        return true;
      });
    },
    /** Deletes the rule after `before` ran in the same transaction (the waiting occurrences go). */
    async remove(workspaceId: WorkspaceId, id: string, before: (tx: Db) => Promise<void>) {
      return transaction(db, async (tx) => {
        await before(tx);
        const gone = await tx
          .delete(recurringPosts)
          .where(and(eq(recurringPosts.id, id), eq(recurringPosts.workspaceId, workspaceId)))
          .returning({ id: recurringPosts.id });
        return gone.length > 0;
      });
    },
    /**
     * The worker's round: up to `limit` rules whose next occurrence is due before `until`, locked for this
     * transaction and skipped by other workers (SKIP LOCKED), each handed to `each` with its media.
     * Answers how many rules it took, so the caller knows whether more may be waiting.
     */
    async claimDue(
      now: Date,
      until: Date,
      limit: number,
      each: (tx: Db, rule: RecurringRow, links: MediaLink[]) => Promise<void>,
    ): Promise<number> {
      return transaction(db, async (tx) => {
        // An owner whose trial has ended gets no new posts; the occurrences meanwhile count as missed.
        const rules = await tx
          .select({ rule: recurringPosts })
          .from(recurringPosts)
          .innerJoin(users, eq(users.id, recurringPosts.userId))
          .where(
            and(
              isNotNull(recurringPosts.nextAt),
              lte(recurringPosts.nextAt, until),
              or(isNull(users.trialEndsAt), gt(users.trialEndsAt, now)),
            ),
          )
          .orderBy(asc(recurringPosts.nextAt))
          .limit(limit)
          .for('update', { of: recurringPosts, skipLocked: true })
          .then((found) => found.map((f) => f.rule));
        if (!rules.length) return 0;
        const links = await tx
          .select()
          .from(recurringMedia)
          .where(
            inArray(
              recurringMedia.recurringId,
              rules.map((r) => r.id),
            ),
          )
          .orderBy(asc(recurringMedia.position));
        for (const rule of rules) {
          const own = links.filter((l) => l.recurringId === rule.id);
          await each(
            tx,
            rule,
            own.map((l) => ({ id: l.mediaId, alt: l.alt, edits: l.edits })),
          );
        }
        return rules.length;
      });
    },
    async setNext(tx: Db, id: string, nextAt: Date | null) {
      await tx.update(recurringPosts).set({ nextAt }).where(eq(recurringPosts.id, id));
    },
    async recordSkipped(tx: Db, id: string, occurrences: Date[]) {
      if (!occurrences.length) return;
      await tx
        .insert(recurringSkips)
        .values(
          occurrences.map((occurrenceAt) => ({ recurringId: id, occurrenceAt, reason: 'missed' as const })),
        )
        .onConflictDoNothing();
    },
  };
}
export type RecurringRepo = ReturnType<typeof createRecurringRepo>;
