import { createHash } from 'node:crypto';
import type { ImportPreview, ImportProblem, ImportRow, ImportState } from '../../shared/api/imports.schemas';
import { versionColumn } from '../../shared/api/imports.schemas';
import type { Platform } from '../../shared/platforms/rules';
import type { SessionUser } from '../auth/session';
import type { KnownAccount } from '../connections/accounts';
import { AppError, notFound } from '../http/errors';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { PostsService } from '../posts/posts.service';
import type { QueueRepo } from '../queue/queue.repo';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import type { ImportsRepo, ReadyRow } from './imports.repo';
import { parseImportFile } from './parse-file';
import { type LibraryFile, type ReadRow, readRow } from './read-rows';

/** An import still `importing` this long after it started was cut short: its transaction kept nothing. */
const INTERRUPTED_AFTER_MS = 15 * 60_000;

/** A preview not confirmed within a day, or past a user's ten latest, is let go. */
const PREVIEW_KEPT_MS = 86_400_000;
const PREVIEWS_KEPT = 10;

/** Where a post's refused field is in the file. */
const COLUMN_OF_FIELD: Record<string, string> = {
  content: 'text',
  platforms: 'networks',
  accounts: 'accounts',
  scheduledAt: 'date',
  timezone: 'timezone',
  media: 'media',
  versions: 'text',
};

export interface ImportsServiceDeps {
  repo: ImportsRepo;
  posts: PostsService;
  queue: Pick<QueueRepo, 'schedule'>;
  accountsOf: (workspaceId: WorkspaceId) => Promise<readonly KnownAccount[]>;
  filesOf: (workspaceId: WorkspaceId) => Promise<LibraryFile[]>;
  zoneOf: (userId: string) => Promise<string | null>;
  clock: () => Date;
  logger: Logger;
}

/**
 * Bulk import (issue 27): a CSV or JSON file is read, each row checked as the composer's post would be and
 * shown (`preview`); the rows the user keeps are then written all or none (`confirm`), while `state` says
 * how far it got. A row is keyed by the hash of what it says, so a file imported twice adds nothing.
 */
export function createImportsService({
  repo,
  posts,
  queue,
  accountsOf,
  filesOf,
  zoneOf,
  clock,
  logger,
}: ImportsServiceDeps) {
  /** Rows written so far by the imports this process runs. */
  const running = new Map<string, number>();

  /** What the posts service would refuse of a row, by the row's columns. */
  const refusals = (read: ReadRow, error: AppError): ImportProblem[] => {
    const { fields, problems, params } = error.extra;
    if (problems?.length)
      return problems.map((rule) => {
        const platform = rule.platform as Platform;
        const own = read.versions.some((v) => v.platform === platform);
        return { column: own ? versionColumn(platform) : 'text', code: 'rule', params: flat(rule) };
      });
    if (fields && Object.keys(fields).length)
      return Object.entries(fields).map(([field, key]) => ({
        column: COLUMN_OF_FIELD[field] ?? field,
        code: key,
        ...(params ? { params: flat(params) } : {}),
      }));
    return [{ column: '', code: `error:${error.code}`, ...(params ? { params: flat(params) } : {}) }];
  };

  /** A queued row's accounts each need a queue with times. */
  const queueProblems = async (
    read: ReadRow,
    actor: SessionUser,
    accounts: readonly KnownAccount[],
    hasQueue: Map<string, Promise<boolean>>,
  ) => {
    const found: ImportProblem[] = [];
    for (const platform of read.platforms) {
      const chosen = read.accounts.filter((a) => a.platform === platform);
      const goesTo = chosen.length ? chosen : accounts.filter((a) => a.platform === platform).slice(0, 1);
      if (!goesTo.length) found.push({ column: 'networks', code: 'queue.accountNotConnected' });
      for (const account of goesTo) {
        // Each account's schedule read once per file, however many of its rows go to its queue.
        const name = `${platform}:${account.accountId}`;
        if (!hasQueue.has(name))
          hasQueue.set(
            name,
            queue
              .schedule({ workspaceId: actor.workspace.id, platform, accountId: account.accountId })
              .then((schedule) => Boolean(schedule?.times.length)),
          );
        if (!(await hasQueue.get(name)))
          found.push({
            column: 'accounts',
            code: 'imports.problems.noQueue',
            params: { account: account.username },
          });
      }
    }
    return found;
  };

  const toState = (row: NonNullable<Awaited<ReturnType<ImportsRepo['find']>>>): ImportState => {
    const cutShort =
      row.status === 'importing' &&
      !running.has(row.id) &&
      clock().getTime() - (row.startedAt?.getTime() ?? 0) > INTERRUPTED_AFTER_MS;
    return {
      id: row.id,
      fileName: row.fileName,
      status: cutShort ? 'failed' : row.status,
      chosen: row.chosen,
      imported: row.imported,
      progress: running.get(row.id) ?? (row.status === 'done' ? row.chosen : 0),
      error: cutShort
        ? { code: 'IMPORT_INTERRUPTED', message: 'The import was cut short; nothing of it was kept.' }
        : (row.error ?? null),
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  };

  return {
    /**
     * Reads the file and checks every row; nothing is posted. The rows that may be imported are kept with
     * the import for `confirm`; the answer shows every row as it will be posted, with its problems.
     */
    async preview(actor: SessionUser, fileName: string, bytes: Buffer): Promise<ImportPreview> {
      const { format, rows: raw } = parseImportFile(fileName, bytes);
      const workspaceId = actor.workspace.id;
      const [accounts, files, zone] = await Promise.all([
        accountsOf(workspaceId),
        filesOf(workspaceId),
        actor.workspace.timezone ? Promise.resolve(actor.workspace.timezone) : zoneOf(actor.id),
      ]);
      const ctx = { accounts, files, timezone: zone ?? 'UTC' };
      const read = raw.map((row) => readRow(row, ctx));
      const imported = await repo.importedKeys(
        workspaceId,
        read.map((r) => r.key),
      );
      const firstOf = new Map<string, number>();
      const hasQueue = new Map<string, Promise<boolean>>();
      const shown: ImportRow[] = [];
      const ready: ReadyRow[] = [];
      for (const row of read) {
        const problems = [...row.problems];
        const first = firstOf.get(row.key);
        if (first !== undefined)
          problems.push({ column: '', code: 'imports.problems.duplicate', params: { row: first } });
        else firstOf.set(row.key, row.row);
        if (row.input && !problems.length) {
          const refused = await posts.check(actor, row.input);
          if (refused) problems.push(...refusals(row, refused));
          else if (row.input.action === 'queue')
            problems.push(...(await queueProblems(row, actor, accounts, hasQueue)));
        }
        const before = imported.has(row.key);
        if (row.input && !problems.length && !before)
          ready.push({ row: row.row, key: row.key, input: row.input });
        shown.push({
          row: row.row,
          line: row.line,
          text: row.text,
          status: row.status,
          targets: targetsOf(row, accounts),
          scheduledAt: row.scheduledAt,
          timezone: row.timezone,
          versions: row.versions,
          media: row.media,
          problems,
          imported: before,
        });
      }
      await repo.prune(actor.id, new Date(clock().getTime() - PREVIEW_KEPT_MS), PREVIEWS_KEPT - 1);
      const id = await repo.create({
        createdAt: clock(),
        workspaceId,
        userId: actor.id,
        fileName: fileName.slice(0, 200),
        fileHash: createHash('sha256').update(bytes).digest('hex'),
        rows: ready,
      });
      return { id, fileName, format, rows: shown, ready: ready.length };
    },

    /**
     * Starts writing the chosen rows (each one the preview found ready) and answers at once; `state` says
     * how far it got. One transaction: all chosen rows become posts, or none does.
     */
    async confirm(actor: SessionUser, id: string, chosen: number[]): Promise<ImportState> {
      const found = await repo.find(actor.workspace.id, id);
      if (!found || found.userId !== actor.id) throw notFound('This import');
      if (found.status !== 'previewed')
        throw new AppError(409, 'IMPORT_ALREADY_CONFIRMED', 'This import was confirmed already.');
      const ready = new Map((found.rows as ReadyRow[]).map((r) => [r.row, r]));
      const missing = [...new Set(chosen)].filter((n) => !ready.has(n));
      if (missing.length)
        throw new AppError(409, 'IMPORT_ROWS_NOT_READY', `Rows ${missing.join(', ')} cannot be imported.`, {
          params: { rows: missing.slice(0, 20).join(', ') },
        });
      const rows = [...new Set(chosen)].sort((a, b) => a - b).map((n) => ready.get(n)!);
      if (!(await repo.start(actor.workspace.id, id, rows.length, clock())))
        throw new AppError(409, 'IMPORT_ALREADY_CONFIRMED', 'This import was confirmed already.');
      running.set(id, 0);
      const keyOf = new Map(rows.map((r) => [r.row, r.key]));
      void posts
        .importMany(
          actor,
          rows,
          async (tx, written) => {
            const kept = await repo.record(
              tx,
              written.map(({ row, postIds }) => ({
                workspaceId: actor.workspace.id,
                key: keyOf.get(row)!,
                importId: id,
                row,
                postIds,
              })),
            );
            if (!kept)
              throw new AppError(
                409,
                'IMPORT_ALREADY_CONFIRMED',
                'Rows of this file were imported by another import.',
              );
          },
          (done) => running.set(id, done),
        )
        .then(
          (written) => repo.finish(id, { status: 'done', imported: written }, clock()),
          (error: unknown) => {
            if (!(error instanceof AppError)) logger.error({ err: error, import: id }, 'an import failed');
            const failure =
              error instanceof AppError
                ? { code: error.code, message: error.message, params: error.extra.params }
                : { code: 'INTERNAL_ERROR', message: 'The import failed; nothing of it was kept.' };
            return repo.finish(id, { status: 'failed', error: failure }, clock());
          },
        )
        .catch((error: unknown) => logger.error({ err: error, import: id }, 'an import could not be closed'))
        .finally(() => running.delete(id));
      return toState((await repo.find(actor.workspace.id, id))!);
    },

    async state(actor: SessionUser, id: string): Promise<ImportState> {
      const found = await repo.find(actor.workspace.id, id);
      if (!found || found.userId !== actor.id) throw notFound('This import');
      return toState(found);
    },

    /** Imports this process is writing: a stop waits for them (their transaction commits or is undone). */
    busy: () => running.size > 0,
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;

/** A network problem's or an error's params as the preview sends them: strings and numbers. */
function flat(values: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values))
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  return out;
}

/** Each network with the account it goes from: the chosen one, else the network's first, else none. */
function targetsOf(row: ReadRow, accounts: readonly KnownAccount[]) {
  return row.platforms.flatMap((platform) => {
    const chosen = row.accounts.filter((a) => a.platform === platform);
    const first = accounts.find((a) => a.platform === platform);
    const from = chosen.length ? chosen : first ? [first] : [];
    return from.length
      ? from.map((a) => ({ platform, account: a.username }))
      : [{ platform, account: null as string | null }];
  });
}
