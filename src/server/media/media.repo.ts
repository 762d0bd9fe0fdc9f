import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type Db, rowsOf, transaction } from '../db/client';
import { media, posts, postMedia, recurringMedia, recurringPosts, users, videoRenders } from '../db/schema';
import { MEDIA_USED_IN_MAX, type MediaListQuery } from '../../shared/api/media.schemas';

export type MediaRow = typeof media.$inferSelect;

/** A file's use as the library reads it: `html` is the start of the post's text. */
export interface MediaUseRow {
  type: 'post' | 'recurring';
  id: string;
  html: string;
  status: string;
  at: string | null;
  pending: boolean;
}
export type MediaLibraryRow = MediaRow & { uploadedBy: string; uses: number; usedIn: MediaUseRow[] };

/** Posts that have still to go out: a file they hold is not deleted (issue 27). */
const PENDING_POST = sql`${posts.status} in ('awaiting_approval', 'scheduled', 'publishing')`;
/** A recurring post that makes more posts, or will once approved. */
const PENDING_RULE = sql`(${recurringPosts.nextAt} is not null or ${recurringPosts.approvalStatus} = 'awaiting_approval')`;
/** Enough of a post's HTML for the line the library shows. */
const HTML_HEAD = 2000;

/** The posts and recurring posts holding the file `mediaId` (a column or a value), pending ones first. */
const usesOf = (mediaId: SQL, limit: number, pendingOnly = false) => sql`
  select * from (
    select 'post' as type, ${posts.id} as id, left(${posts.contentHtml}, ${HTML_HEAD}) as html,
           ${posts.status} as status, ${posts.scheduledAt} as at, ${PENDING_POST} as pending
      from ${postMedia} join ${posts} on ${posts.id} = ${postMedia.postId}
     where ${postMedia.mediaId} = ${mediaId} ${pendingOnly ? sql`and ${PENDING_POST}` : sql``}
    union all
    select 'recurring', ${recurringPosts.id}, left(${recurringPosts.contentHtml}, ${HTML_HEAD}),
           ${recurringPosts.approvalStatus}, ${recurringPosts.nextAt}, ${PENDING_RULE}
      from ${recurringMedia} join ${recurringPosts} on ${recurringPosts.id} = ${recurringMedia.recurringId}
     where ${recurringMedia.mediaId} = ${mediaId} ${pendingOnly ? sql`and ${PENDING_RULE}` : sql``}
  ) u order by u.pending desc, u.at desc nulls last, u.id limit ${limit}`;

const usedAtAll = sql`(exists (select 1 from ${postMedia} where ${postMedia.mediaId} = ${media.id})
  or exists (select 1 from ${recurringMedia} where ${recurringMedia.mediaId} = ${media.id}))`;
const usedPending = sql`(exists (select 1 from ${postMedia} join ${posts} on ${posts.id} = ${postMedia.postId}
    where ${postMedia.mediaId} = ${media.id} and ${PENDING_POST})
  or exists (select 1 from ${recurringMedia} join ${recurringPosts} on ${recurringPosts.id} = ${recurringMedia.recurringId}
    where ${recurringMedia.mediaId} = ${media.id} and ${PENDING_RULE}))`;

/** The library's filter: the workspace's files, by a part of the name (no pattern: `position`), kind and use. */
const libraryFilter = (workspaceId: WorkspaceId, query: MediaListQuery) => {
  const conditions = [sql`${media.workspaceId} = ${workspaceId}`];
  if (query.q) conditions.push(sql`position(lower(${query.q}) in lower(${media.originalName})) > 0`);
  if (query.kind) conditions.push(sql`${media.kind} = ${query.kind}`);
  if (query.use === 'used') conditions.push(usedAtAll);
  if (query.use === 'unused') conditions.push(sql`not ${usedAtAll}`);
  if (query.use === 'scheduled') conditions.push(usedPending);
  return sql.join(conditions, sql` and `);
};

/** What the user's files take in storage: uploads and their thumbnails, and their edited renders. */
const usageOf = (db: Db, userIds: string[]) =>
  db.execute<{ user_id: string; bytes: string }>(sql`
    select u.user_id, sum(u.bytes)::bigint::text as bytes from (
      select ${media.userId} as user_id, ${media.bytes} + ${media.thumbnailBytes} as bytes
        from ${media} where ${media.userId} in ${userIds}
      union all
      select ${videoRenders.userId}, coalesce(${videoRenders.bytes}, 0)
        from ${videoRenders} where ${videoRenders.userId} in ${userIds} and ${videoRenders.status} = 'ready'
    ) u group by u.user_id`);

export function createMediaRepo(db: Db) {
  return {
    /**
     * Stores the row unless it takes the user past `quotaBytes`; answers the row, or the bytes the user
     * already takes when it would not fit. The user's row is locked while counting, so two uploads that
     * each fit alone cannot both pass.
     */
    insertWithinQuota(values: typeof media.$inferInsert, quotaBytes: number) {
      return transaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [usage] = rowsOf<{ bytes: string }>(await usageOf(tx, [values.userId]));
        const used = Number(usage?.bytes ?? 0);
        if (used + values.bytes + (values.thumbnailBytes ?? 0) > quotaBytes)
          return { row: null, usedBytes: used };
        const [row] = await tx.insert(media).values(values).returning();
        return { row: row!, usedBytes: used };
      });
    },
    /** Bytes each of these users takes in storage (0 for a user with no files). */
    async usage(userIds: string[]): Promise<Map<string, number>> {
      const totals = new Map(userIds.map((id) => [id, 0]));
      if (!userIds.length) return totals;
      for (const row of rowsOf<{ user_id: string; bytes: string }>(await usageOf(db, userIds)))
        totals.set(row.user_id, Number(row.bytes));
      return totals;
    },
    async find(workspaceId: WorkspaceId, id: string) {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
      return row;
    },
    /** By id alone: only for a link whose signature proves the owner handed it out (media-links.ts). */
    async findSigned(id: string) {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row;
    },
    findMany(workspaceId: WorkspaceId, ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select()
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), inArray(media.id, ids)));
    },
    /** Every file of the workspace by id, name and kind: what an import's rows may name (issue 27). */
    names(workspaceId: WorkspaceId) {
      return db
        .select({ id: media.id, name: media.originalName, kind: media.kind })
        .from(media)
        .where(eq(media.workspaceId, workspaceId));
    },
    /**
     * A page of the workspace's files, newest first, with who uploaded each, how many posts and recurring
     * posts hold it and the first of them; `total` counts every file the filter keeps.
     */
    async library(workspaceId: WorkspaceId, query: MediaListQuery) {
      const where = libraryFilter(workspaceId, query);
      const [count] = rowsOf<{ total: number }>(
        await db.execute(sql`select count(*)::int as total from ${media} where ${where}`),
      );
      const rows = await db
        .select({
          row: media,
          uploadedBy: users.name,
          uses: sql<number>`((select count(*) from ${postMedia} where ${postMedia.mediaId} = ${media.id})
            + (select count(*) from ${recurringMedia} where ${recurringMedia.mediaId} = ${media.id}))::int`,
          usedIn: sql<
            MediaUseRow[]
          >`coalesce((select json_agg(x) from (${usesOf(sql`${media.id}`, MEDIA_USED_IN_MAX)}) x), '[]'::json)`,
        })
        .from(media)
        .innerJoin(users, eq(users.id, media.userId))
        .where(where)
        .orderBy(sql`${media.createdAt} desc, ${media.id} desc`)
        .limit(query.limit)
        .offset(query.offset);
      return {
        total: count?.total ?? 0,
        rows: rows.map(({ row, uploadedBy, uses, usedIn }): MediaLibraryRow => ({
          ...row,
          uploadedBy,
          uses,
          usedIn,
        })),
      };
    },
    /**
     * Deletes the file unless a post or recurring post still to go out holds it; answers the file's row
     * (undefined when there is none) and the uses that kept it (none: it was deleted). The file's row is locked first, so a
     * post that is adding it (its insert takes a key lock on the row) commits before the uses are read.
     */
    removeUnlessPending(workspaceId: WorkspaceId, id: string) {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .select()
          .from(media)
          .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)))
          .for('update');
        if (!row) return { row: undefined, pending: [] };
        const pending = rowsOf<MediaUseRow>(
          await tx.execute(usesOf(sql`${id}::uuid`, MEDIA_USED_IN_MAX, true)),
        );
        if (!pending.length) await tx.delete(media).where(eq(media.id, id));
        return { row, pending };
      });
    },
  };
}
export type MediaRepo = ReturnType<typeof createMediaRepo>;
