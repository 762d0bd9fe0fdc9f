import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPgliteDataDir } from './pglite-initdb';
import * as schema from './schema';
import { startUpkeep } from './upkeep';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access for libraries that bring their own queries (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** What a LISTEN subscriber hears: each payload, and when it may have missed some. */
export interface ListenHandlers {
  message(payload: string): void;
  /** The listening connection was lost: notifications sent from now on may never arrive. */
  lost(): void;
  /** Listening again after a loss; what was sent in between is gone. */
  resumed(): void;
}

export interface Database extends SqlExecutor {
  kind: 'pglite' | 'postgres';
  db: Db;
  ping(): Promise<void>;
  /** LISTEN on a channel until close(). On PostgreSQL a lost connection is reopened, with backoff. */
  listen(channel: string, handlers: ListenHandlers): Promise<void>;
  /**
   * PGlite only: a tar of its data folder, taken between two queries (PGlite runs them one at a time), so
   * a consistent copy that the running process can make for a backup (decision 026).
   */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… uses PostgreSQL; otherwise the embedded PGlite. */
  url?: string;
  /** PGlite's folder; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /**
   * PostgreSQL: an idle pooled connection that the server ends (a restart, an administrator) is an
   * 'error' event with nobody waiting on it; without a listener Node would end the whole process. The
   * pool drops that connection and opens another when needed, so this only has to tell someone.
   */
  onIdleError?: (error: Error) => void;
  /** PGlite: an analyse or vacuum of the embedded database's upkeep failed (upkeep.ts). */
  onUpkeepError?: (error: unknown) => void;
}

/** Opens the database and applies the committed migrations, the same files on both engines. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url, options.onIdleError ?? (() => undefined))
    : await openPglite(options.dataDir, options.onUpkeepError ?? (() => undefined));
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(
  url: string,
  onIdleError: (error: Error) => void,
): Database & { migrate(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', onIdleError);
  // pool.end() resolves once it has asked its connections to end, not once they have: count the ends
  // so that close() returns when PostgreSQL no longer sees us (a database dropped right after is safe).
  let open = 0;
  let closed: (() => void) | undefined;
  pool.on('connect', (client) => {
    open++;
    client.on('end', () => {
      if (--open === 0) closed?.();
    });
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: { close(): Promise<void> }[] = [];
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePostgres(url),
    executeSql: (text, values) => pool.query(text, values),
    ping: async () => void (await db.execute(sql`select 1`)),
    async listen(channel, handlers) {
      listeners.push(await listenPostgres(url, channel, handlers));
    },
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()));
      const allEnded = open ? new Promise<void>((resolve) => (closed = resolve)) : Promise.resolve();
      await pool.end();
      await allEnded;
    },
  };
}

/**
 * LISTEN needs a connection of its own that stays open. When it breaks (PostgreSQL restarted, the
 * network), the subscriber hears `lost` at once and `resumed` once a new connection listens again.
 */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers) {
  let client: pg.Client | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    let failed = false;
    const fail = () => {
      if (failed || closing) return;
      failed = true;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      handlers.lost();
      retry = setTimeout(() => void reopen(), delay);
    };
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    client = next;
    delay = 250;
  };
  const reopen = async () => {
    try {
      await open();
      handlers.resumed();
    } catch {
      if (closing) return;
      delay = Math.min(delay * 2, 30_000);
      retry = setTimeout(() => void reopen(), delay);
    }
  };
  await open();
  return {
    async close() {
      closing = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Several processes (an api and workers) may start at once against one PostgreSQL: an advisory lock on a
 * connection of its own lets one migrate while the others wait, then find nothing left to do.
 */
async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
const MIGRATION_LOCK = 7_202_611;

/** How often the embedded database looks for tables to analyse or vacuum (upkeep.ts). */
const UPKEEP_INTERVAL_MS = 5000;

/**
 * PostgreSQL's 128 MB of shared buffers are all written at start into PGlite's WebAssembly memory, which
 * never shrinks: 16 MB is ~130 MB less resident, and the operating system's page cache still holds the
 * files behind them (decision 029).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(
  dataDir: string | undefined,
  onUpkeepError: (error: unknown) => void,
): Promise<Database & { migrate(): Promise<void> }> {
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    await createPgliteDataDir(dir);
  }
  const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const upkeep = startUpkeep((text) => client.query(text), {
    intervalMs: UPKEEP_INTERVAL_MS,
    onError: onUpkeepError,
  });
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      // Without parameters a library may send several statements at once; only exec accepts those.
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    ping: async () => void (await client.query('select 1')),
    // One process, one database: nothing between them can break, so `lost` never comes.
    listen: async (channel, handlers) => void (await client.listen(channel, handlers.message)),
    dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()),
    close: () => {
      upkeep.stop();
      return client.close();
    },
  };
}

/**
 * Runs `work` in one transaction, handed to it as the app's `Db`: drizzle types a transaction apart from
 * its database though every query reads the same, so repositories take either without a cast.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** The rows of a raw `db.execute(sql…)` answer, typed as the query says they are. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Raw SQL with `$1…$n` placeholders run through a drizzle handle, so that a library that brings its own
 * queries (pg-boss `send`) writes inside the caller's transaction: a post and its jobs commit together.
 */
export function executorOf(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const query = sql.empty();
      text.split(/\$(\d+)/).forEach((part, i) => {
        query.append(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`);
      });
      const result = (await db.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
