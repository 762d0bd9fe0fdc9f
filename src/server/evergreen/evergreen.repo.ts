import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { evergreenPosts, posts, postTargets } from '../db/schema';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type EvergreenRow = typeof evergreenPosts.$inferSelect;
/** A rule with where its last round stands. */
export type EvergreenState = EvergreenRow & {
  /** A post of its last round (the post itself before any copy) has still to go out. */
  pending: boolean;
  /** When its last round went out (the latest of its networks), or was made when none did. */
  anchor: Date | null;
  /** The latest time the post or any copy went out. */
  lastSharedAt: Date | null;
};

const e = evergreenPosts;
/**
 * The rule's own columns, written out: drizzle leaves a single table's columns unqualified, which the
 * subqueries below (over posts and targets) would take for their own.
 */
const E = (name: string) => sql.raw(`evergreen_posts.${name}`);
/** The posts of a rule's last round: the post itself before any copy, else the last round's copies. */
const lastRound = sql`((${E('times')} = 0 and p.id = ${E('post_id')})
  or (p.evergreen_id = ${E('id')} and p.evergreen_round = ${E('times')}))`;
/**
 * Still to go out: a target waiting, publishing or retrying. A copy sent back to draft or not approved
 * is done with: the rule goes on from when it was made.
 */
const pending = sql<boolean>`exists (
  select 1 from ${posts} p join ${postTargets} t on t.post_id = p.id
   where ${lastRound} and t.status in ('pending', 'publishing', 'retrying')
     and not (${E('times')} > 0 and p.status in ('draft', 'not_approved')))`;
const anchor = sql<Date | null>`coalesce(
  (select max(t.published_at) from ${posts} p join ${postTargets} t on t.post_id = p.id where ${lastRound}),
  case when ${E('times')} > 0 then ${E('last_made_at')} end)`;
const lastShared = sql<Date | null>`(select max(t.published_at) from ${posts} p
  join ${postTargets} t on t.post_id = p.id where p.id = ${E('post_id')} or p.evergreen_id = ${E('id')})`;

export function createEvergreenRepo(db: Db) {
  const withState = (where: SQL | undefined) =>
    db
      .select({
        rule: e,
        pending,
        anchor: anchor.mapWith(e.lastMadeAt),
        lastSharedAt: lastShared.mapWith(e.lastMadeAt),
      })
      .from(e)
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .then((rows) =>
        rows.map(({ rule, ...state }): EvergreenState => ({ ...rule, ...state, pending: !!state.pending })),
      );
  return {
    /** The workspace's evergreen posts, newest first. */
    list: (workspaceId: WorkspaceId) => withState(eq(e.workspaceId, workspaceId)),
    async ofPost(workspaceId: WorkspaceId, postId: string) {
      const [row] = await withState(and(eq(e.workspaceId, workspaceId), eq(e.postId, postId)));
      return row;
    },
    /** Makes the post evergreen, or changes how; a change lets a held rule be tried again at once. */
    async upsert(values: typeof e.$inferInsert, now: Date) {
      const { everyDays, maxTimes, until, variants, paused } = values;
      await db
        .insert(e)
        .values(values)
        .onConflictDoUpdate({
          target: e.postId,
          set: { everyDays, maxTimes, until, variants, paused, holdUntil: now, lastError: null },
        });
    },
    /** The post a rule recycles. */
    async postOf(id: string) {
      const [row] = await db.select({ postId: e.postId }).from(e).where(eq(e.id, id));
      return row?.postId;
    },
    async remove(workspaceId: WorkspaceId, postId: string) {
      const gone = await db
        .delete(e)
        .where(and(eq(e.workspaceId, workspaceId), eq(e.postId, postId)))
        .returning({ id: e.id });
      return gone.length === 1;
    },
    /**
     * Takes up to `limit` rules whose next copy is due at `now`, the one shared longest ago first: each is
     * held until `until`, so another worker skips it (SKIP LOCKED) and, should this one stop, takes it then.
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<EvergreenState[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update ${e} set hold_until = ${until.toISOString()}::timestamptz
           where id in (
             select ${E('id')} from ${e}
              where ${E('hold_until')} <= ${at} and not ${E('paused')}
                and (${E('max_times')} is null or ${E('times')} < ${E('max_times')})
                and (${E('until')} is null or ${E('until')} > ${at})
                and not ${pending}
                and ${anchor} + make_interval(days => ${E('every_days')}) <= ${at}
              order by ${anchor}, ${E('created_at')}
              limit ${limit}
              for update skip locked)
          returning id`),
      );
      if (!rows.length) return [];
      const held = await withState(sql`${e.id} = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
      return held.sort((a, b) => (a.anchor?.getTime() ?? 0) - (b.anchor?.getTime() ?? 0));
    },
    /** Lets go of a rule held by a round, to be tried again at `at`, saying why it made nothing. */
    async release(id: string, at: Date, values: Partial<Pick<EvergreenRow, 'lastError' | 'skipped'>> = {}) {
      await db
        .update(e)
        .set({ ...values, holdUntil: at })
        .where(eq(e.id, id));
    },
    /**
     * Records round `round` as made (in the copy's transaction): false when another worker made it first.
     * The copies are marked as that round's.
     */
    async recordRound(
      tx: Db,
      rule: EvergreenRow,
      round: number,
      postIds: string[],
      values: Pick<EvergreenRow, 'skipped' | 'lastMadeAt'>,
    ) {
      const made = await tx
        .update(e)
        .set({ ...values, times: round, lastError: null, holdUntil: values.lastMadeAt! })
        .where(and(eq(e.id, rule.id), eq(e.times, round - 1)))
        .returning({ id: e.id });
      if (made.length !== 1) return false;
      await tx
        .update(posts)
        .set({ evergreenId: rule.id, evergreenRound: round })
        .where(sql`${posts.id} = any(${sql.param(postIds)}::uuid[])`);
      return true;
    },
    /**
     * The post of the rule's chain (the post itself or a copy) each account had last, or has waiting: what
     * a network that refuses the same text twice compares a new copy with. Failed targets do not count.
     */
    async lastSent(rule: EvergreenRow) {
      const rows = rowsOf<{ post_id: string; platform: string; account_id: string | null }>(
        await db.execute(sql`
          select distinct on (t.platform, t.account_id) p.id as post_id, t.platform, t.account_id
            from ${posts} p join ${postTargets} t on t.post_id = p.id
           where (p.id = ${rule.postId} or p.evergreen_id = ${rule.id}) and t.status <> 'failed'
           order by t.platform, t.account_id, coalesce(p.evergreen_round, 0) desc`),
      );
      return rows.map((r) => ({ postId: r.post_id, platform: r.platform, accountId: r.account_id }));
    },
    /**
     * The workspace's accounts (`platform:accountId`) with a recycled copy still waiting to go out: each
     * queue holds one at a time, so evergreen posts take turns.
     */
    async waitingAccounts(workspaceId: string): Promise<Set<string>> {
      const rows = rowsOf<{ platform: string; account_id: string | null }>(
        await db.execute(sql`
          select distinct t.platform, t.account_id from ${posts} p join ${postTargets} t on t.post_id = p.id
           where p.workspace_id = ${workspaceId} and p.evergreen_id is not null
             and p.status in ('scheduled', 'awaiting_approval')
             and t.status in ('pending', 'publishing', 'retrying')`),
      );
      return new Set(rows.map((r) => `${r.platform}:${r.account_id ?? ''}`));
    },
  };
}
export type EvergreenRepo = ReturnType<typeof createEvergreenRepo>;
