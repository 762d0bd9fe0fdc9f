import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { feedItems, feeds } from '../db/schema';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type FeedRow = typeof feeds.$inferSelect;
export type FeedListRow = FeedRow & { items: number; posted: number };

export function createFeedsRepo(db: Db) {
  return {
    /** The workspace's feeds, newest first, with how many items each has had and posted. */
    async list(workspaceId: WorkspaceId): Promise<FeedListRow[]> {
      return db
        .select({
          feed: feeds,
          items: sql<number>`(select count(*)::int from ${feedItems} where ${feedItems.feedId} = ${feeds.id})`,
          posted: sql<number>`(select count(*)::int from ${feedItems}
            where ${feedItems.feedId} = ${feeds.id} and ${feedItems.postId} is not null)`,
        })
        .from(feeds)
        .where(eq(feeds.workspaceId, workspaceId))
        .orderBy(desc(feeds.createdAt), desc(feeds.id))
        .then((rows) => rows.map(({ feed, items, posted }) => ({ ...feed, items, posted })));
    },
    async find(workspaceId: WorkspaceId, id: string) {
      const [row] = await db
        .select()
        .from(feeds)
        .where(and(eq(feeds.id, id), eq(feeds.workspaceId, workspaceId)));
      return row;
    },
    async countOf(workspaceId: WorkspaceId) {
      const [row] = await db.select({ n: count() }).from(feeds).where(eq(feeds.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    async create(values: typeof feeds.$inferInsert) {
      const [row] = await db.insert(feeds).values(values).returning();
      return row!;
    },
    async update(workspaceId: WorkspaceId, id: string, values: Partial<typeof feeds.$inferInsert>) {
      const [row] = await db
        .update(feeds)
        .set(values)
        .where(and(eq(feeds.id, id), eq(feeds.workspaceId, workspaceId)))
        .returning();
      return row;
    },
    async remove(workspaceId: WorkspaceId, id: string) {
      const gone = await db
        .delete(feeds)
        .where(and(eq(feeds.id, id), eq(feeds.workspaceId, workspaceId)))
        .returning({ id: feeds.id });
      return gone.length === 1;
    },
    /**
     * Takes up to `limit` feeds due at `now` for this reader: their next read moves to `until` at once, so
     * another worker skips them (SKIP LOCKED) and, should this one stop, reads them when `until` comes.
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<FeedRow[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update ${feeds} set next_read_at = ${until.toISOString()}::timestamptz
           where ${feeds.id} in (
             select ${feeds.id} from ${feeds}
              where ${feeds.nextReadAt} <= ${now.toISOString()}::timestamptz and not ${feeds.paused}
              order by ${feeds.nextReadAt} limit ${limit}
              for update skip locked)
          returning ${feeds.id} as id`),
      );
      if (!rows.length) return [];
      return db
        .select()
        .from(feeds)
        .where(sql`${feeds.id} = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
    },
    /** A read's outcome: validators, status, when to read next. */
    async afterRead(id: string, values: Partial<typeof feeds.$inferInsert>) {
      await db.update(feeds).set(values).where(eq(feeds.id, id));
    },
    /** The keys among `keys` the feed has had. */
    async knownKeys(feedId: string, keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = rowsOf<{ key: string }>(
        await db.execute(sql`
          select ${feedItems.key} as key from ${feedItems}
           where ${feedItems.feedId} = ${feedId} and ${feedItems.key} = any(${sql.param(keys)}::text[])`),
      );
      return new Set(rows.map((r) => r.key));
    },
    /**
     * Keeps items as had (in `tx` when given); answers the keys this call wrote: a key another reader
     * wrote first is not among them.
     */
    async recordItems(values: (typeof feedItems.$inferInsert)[], tx: Db = db) {
      if (!values.length) return new Set<string>();
      const kept = await tx
        .insert(feedItems)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: feedItems.key });
      return new Set(kept.map((k) => k.key));
    },
  };
}
export type FeedsRepo = ReturnType<typeof createFeedsRepo>;
