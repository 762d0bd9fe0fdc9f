import { and, eq, sql } from 'drizzle-orm';
import type { PostInput } from '../../shared/api/posts.schemas';
import { type Db, rowsOf } from '../db/client';
import { importedRows, imports } from '../db/schema';
import type { WorkspaceId } from '../workspaces/workspaces.repo';

export type ImportRowRecord = typeof imports.$inferSelect;
/** A row kept from the preview until it is confirmed: the post it makes, and its key. */
export interface ReadyRow {
  row: number;
  key: string;
  input: PostInput;
}

export function createImportsRepo(db: Db) {
  return {
    async create(values: typeof imports.$inferInsert) {
      const [row] = await db.insert(imports).values(values).returning({ id: imports.id });
      return row!.id;
    },
    /**
     * Lets go of a user's previews never confirmed: those older than `before`, and all but the latest
     * `keep` (each holds up to 10,000 rows until it is confirmed).
     */
    async prune(userId: string, before: Date, keep: number) {
      await db.execute(sql`
        delete from ${imports}
         where ${imports.userId} = ${userId} and ${imports.status} = 'previewed'
           and (${imports.createdAt} < ${before.toISOString()}::timestamptz
                or ${imports.id} not in (
                  select ${imports.id} from ${imports}
                   where ${imports.userId} = ${userId} and ${imports.status} = 'previewed'
                   order by ${imports.createdAt} desc limit ${keep}))`);
    },
    async find(workspaceId: WorkspaceId, id: string) {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.workspaceId, workspaceId)));
      return row;
    },
    /** The keys among `keys` of rows the workspace imported before. */
    async importedKeys(workspaceId: WorkspaceId, keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = rowsOf<{ key: string }>(
        await db.execute(sql`
          select ${importedRows.key} as key from ${importedRows}
           where ${importedRows.workspaceId} = ${workspaceId}
             and ${importedRows.key} = any(${sql.param(keys)}::text[])`),
      );
      return new Set(rows.map((r) => r.key));
    },
    /** Moves a previewed import to `importing`; false when it is not previewed any more (one confirm wins). */
    async start(workspaceId: WorkspaceId, id: string, chosen: number, at: Date) {
      const started = await db
        .update(imports)
        .set({ status: 'importing', chosen, startedAt: at })
        .where(and(eq(imports.id, id), eq(imports.workspaceId, workspaceId), eq(imports.status, 'previewed')))
        .returning({ id: imports.id });
      return started.length === 1;
    },
    /**
     * Marks rows imported, in the import's transaction; false when the workspace already has one of them
     * (another import of the same row committed first), so that the caller gives up the whole import.
     */
    async record(tx: Db, values: (typeof importedRows.$inferInsert)[]) {
      if (!values.length) return true;
      const kept = await tx
        .insert(importedRows)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: importedRows.key });
      return kept.length === values.length;
    },
    /** The import's end: done with the rows written, or failed with why; its kept rows are let go. */
    async finish(
      id: string,
      outcome:
        | { status: 'done'; imported: number }
        | { status: 'failed'; error: NonNullable<ImportRowRecord['error']> },
      at: Date,
    ) {
      await db
        .update(imports)
        .set({ ...outcome, rows: [], finishedAt: at })
        .where(and(eq(imports.id, id), eq(imports.status, 'importing')));
    },
  };
}
export type ImportsRepo = ReturnType<typeof createImportsRepo>;
