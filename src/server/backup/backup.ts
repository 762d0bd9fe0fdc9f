import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
// Imported, not read from disk: the built server (dist/server/main.js) carries it in (decision 029).
import pkg from '../../../package.json' with { type: 'json' };
import type { Env } from '../env';
import { mediaStoreFromEnv } from '../media/store-from-env';
import type { Manifest } from './manifest';
import { tarWriter } from './tar';

export const BACKUP_FORMAT = 'postwell-backup';
export const BACKUP_VERSION = 1;
/** The data folder's secrets, kept with the database they belong to (sessions, sealed network tokens). */
export const SECRET_FILES = ['auth-secret', 'encryption-key'] as const;
export const PGLITE_ENTRY = 'database/pglite.tar';
export const POSTGRES_ENTRY = 'database/postgres.sql';

export type { Manifest };

/** A refusal worded for the person running the command; the CLI prints it without a stack. */
export class BackupError extends Error {}

export const COUNTS = `select (select count(*) from users)::int as users, (select count(*) from posts)::int as posts,
  (select count(*) from media)::int as media`;

export type Counts = Manifest['counts'];

/** PGlite: its own dump of the data folder, taken while no app has the database open. */
async function dumpPglite(dataDir: string): Promise<{ dump: Buffer; counts: Counts }> {
  const dir = join(dataDir, 'pglite');
  if (!existsSync(join(dir, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${dir}: is DATA_DIR right?`);
  if (existsSync(join(dir, 'postmaster.pid')))
    throw new BackupError(
      `The app has the database open (${join(dir, 'postmaster.pid')} exists) and did not answer the backup request. ` +
        'Stop it, then run npm run backup again. If it is not running, it was stopped without closing the database: start it once and stop it with Ctrl+C.',
    );
  const db = await PGlite.create(dir);
  try {
    const counts = (await db.query<Counts>(COUNTS)).rows[0]!;
    const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    return { dump, counts };
  } finally {
    await db.close();
  }
}

/** Runs a client tool of PostgreSQL; a missing tool is a clear message, not a stack. */
export function runTool(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found. Install PostgreSQL's client tools, of the server's major version or newer ` +
                `(Debian and Ubuntu: apt-get install postgresql-client), then run this again.`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** PostgreSQL: `pg_dump` (one consistent snapshot) as plain SQL, which `psql` restores. */
async function dumpPostgres(url: string, file: string): Promise<Counts> {
  await runTool('pg_dump', ['--no-owner', '--no-privileges', '--format=plain', `--file=${file}`, url]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Counts>(COUNTS)).rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * Writes one backup file (a tar.gz): manifest.json first, then the database (PGlite's dump of its data
 * folder, or pg_dump's SQL), the data folder's secrets, and every media file as `media/<key>` (from the
 * data folder or downloaded from the bucket; left out with `includeMedia: false`). The database is dumped
 * before the media are listed: files are only ever added or removed, never changed, so every file a row
 * of the dump names is in the backup unless it was deleted in between.
 */
export async function createBackup(
  env: Env,
  file: string,
  options: {
    includeMedia?: boolean;
    clock?: () => Date;
    /** The running app's own PGlite (live.ts): dumped in the process that has it open. */
    live?: { dump(): Promise<Buffer>; counts(): Promise<Counts> };
  } = {},
): Promise<Manifest> {
  const includeMedia = options.includeMedia ?? true;
  const work = await mkdtemp(join(tmpdir(), 'postwell-backup-'));
  const partial = `${file}.partial`;
  try {
    let counts: Counts;
    let database: { name: string; size: number; body: () => Buffer | NodeJS.ReadableStream };
    if (env.DATABASE_URL) {
      const sqlFile = join(work, 'postgres.sql');
      counts = await dumpPostgres(env.DATABASE_URL, sqlFile);
      const { size } = await stat(sqlFile);
      database = { name: POSTGRES_ENTRY, size, body: () => createReadStream(sqlFile) };
    } else if (options.live) {
      counts = await options.live.counts();
      const dump = await options.live.dump();
      database = { name: PGLITE_ENTRY, size: dump.length, body: () => dump };
    } else {
      const { dump, counts: found } = await dumpPglite(env.DATA_DIR);
      counts = found;
      database = { name: PGLITE_ENTRY, size: dump.length, body: () => dump };
    }
    const store = mediaStoreFromEnv(env);
    const files: { key: string; bytes: number }[] = [];
    if (includeMedia) for await (const item of store.list()) files.push(item);
    const secrets: { name: (typeof SECRET_FILES)[number]; data: Buffer }[] = [];
    for (const name of SECRET_FILES) {
      const data = await readFile(join(env.DATA_DIR, name)).catch(() => null);
      if (data) secrets.push({ name, data });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      app: pkg.version,
      createdAt: (options.clock ?? (() => new Date()))().toISOString(),
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      media: {
        store: store.kind,
        included: includeMedia,
        files: files.length,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      },
      counts,
      secrets: secrets.map((s) => s.name),
    };

    const gzip = createGzip();
    const done = new Promise<void>((resolve, reject) => {
      const out = createWriteStream(partial, { mode: 0o600 });
      out.on('finish', resolve).on('error', reject);
      gzip.pipe(out);
    });
    const tar = tarWriter(gzip);
    const json = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add('manifest.json', json.length, json);
    const body = database.body();
    await tar.add(database.name, database.size, Buffer.isBuffer(body) ? body : (body as never));
    for (const secret of secrets) await tar.add(`secrets/${secret.name}`, secret.data.length, secret.data);
    for (const item of files) await tar.add(`media/${item.key}`, item.bytes, await store.read(item.key));
    await tar.end();
    await done;
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
