import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Env } from '../env';
import { mediaStoreFromEnv } from '../media/store-from-env';
import { readBackup } from './archive';
import { BackupError, type Manifest, PGLITE_ENTRY, runTool } from './backup';

const collect = async (body: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
};

/** Refuses anything but an empty (or missing) data folder, an empty database and an empty bucket. */
async function assertEmpty(env: Env) {
  const entries = await readdir(env.DATA_DIR).catch(() => []);
  if (entries.length)
    throw new BackupError(
      `The data folder ${env.DATA_DIR} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}). ` +
        'Restore only into an empty folder: set DATA_DIR to a new one, or move this one away first.',
    );
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      if (rows[0]!.n)
        throw new BackupError(
          'The database at DATABASE_URL already has tables. Restore only into an empty database (createdb a new one).',
        );
    } finally {
      await client.end();
    }
  }
  const store = mediaStoreFromEnv(env);
  if (store.kind === 's3')
    for await (const _ of store.list())
      throw new BackupError(
        'The bucket (under S3_PREFIX) already holds files. Restore only into an empty bucket or a new S3_PREFIX.',
      );
}

/** A message on one line: the command prints it as the whole answer (a tool's output may hold several). */
const oneLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');

/**
 * Brings a backup (backup.ts) back: into an empty data folder (and, for PostgreSQL, an empty database at
 * DATABASE_URL; for S3, an empty bucket or prefix). The whole file is read and checked once before
 * anything is written (archive.ts), then read again to write it. Every failure is one BackupError on one
 * line, and what was written is taken back. Returns the manifest.
 */
export async function restoreBackup(env: Env, file: string): Promise<Manifest> {
  try {
    return await restore(env, file);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new BackupError(oneLine(error instanceof BackupError ? message : `The restore failed: ${message}`));
  }
}

async function restore(env: Env, file: string): Promise<Manifest> {
  if (!(await stat(file).catch(() => null))?.isFile())
    throw new BackupError(`There is no backup file at ${file}.`);
  await assertEmpty(env);
  await readBackup(file, env);
  const store = mediaStoreFromEnv(env);
  const work = await mkdtemp(join(tmpdir(), 'postwell-restore-'));
  const dataDirExisted = existsSync(env.DATA_DIR);
  const written: string[] = [];
  let restoredPostgres = false;
  try {
    await mkdir(env.DATA_DIR, { recursive: true });
    return await readBackup(file, env, {
      async database(name, body) {
        if (name === PGLITE_ENTRY) {
          const dump = await collect(body);
          const dir = join(env.DATA_DIR, 'pglite');
          const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([dump]) });
          await db.close();
          // A dump taken by the running app holds its lock file; nothing has this copy open.
          await rm(join(dir, 'postmaster.pid'), { force: true });
          return;
        }
        const sqlFile = join(work, 'postgres.sql');
        await pipeline(Readable.from(body), createWriteStream(sqlFile));
        await runTool('psql', [
          '-X',
          '-q',
          '-v',
          'ON_ERROR_STOP=1',
          '--single-transaction',
          `--file=${sqlFile}`,
          env.DATABASE_URL!,
        ]);
        restoredPostgres = true;
      },
      async secret(name, data) {
        await writeFile(join(env.DATA_DIR, name), data, { mode: 0o600 });
      },
      async media(key, body) {
        written.push(key);
        await store.write(key, Readable.from(body));
      },
    });
  } catch (error) {
    // Everything was empty: what this restore wrote is removed, so that it can be tried again.
    if (store.kind === 's3') for (const key of written) await store.remove(key).catch(() => undefined);
    if (!dataDirExisted) await rm(env.DATA_DIR, { recursive: true, force: true });
    else
      for (const entry of await readdir(env.DATA_DIR).catch(() => []))
        await rm(join(env.DATA_DIR, entry), { recursive: true, force: true });
    if (env.DATABASE_URL && restoredPostgres && error instanceof Error)
      throw new BackupError(
        `${error.message} The database at DATABASE_URL already holds the restored data: empty it (or create a new one) before trying again.`,
      );
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
