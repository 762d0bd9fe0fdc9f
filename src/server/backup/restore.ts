import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Env } from '../env';
import { mediaStoreFromEnv } from '../media/store-from-env';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type Manifest,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  runTool,
  SECRET_FILES,
} from './backup';
import { readTar } from './tar';

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

function checkManifest(manifest: Manifest, env: Env) {
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This file is not a Postwell backup.');
  if (manifest.version > BACKUP_VERSION)
    throw new BackupError(
      `This backup was written by a newer Postwell (format ${manifest.version}): update first.`,
    );
  if (manifest.database === 'postgres' && !env.DATABASE_URL)
    throw new BackupError('This backup is of a PostgreSQL database: set DATABASE_URL to an empty database.');
  if (manifest.database === 'pglite' && env.DATABASE_URL)
    throw new BackupError(
      'This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into the data folder.',
    );
}

/**
 * Brings a backup (backup.ts) back: into an empty data folder (and, for PostgreSQL, an empty database at
 * DATABASE_URL; for S3, an empty bucket or prefix). The manifest is read and checked before anything is
 * written. Returns the manifest.
 */
export async function restoreBackup(env: Env, file: string): Promise<Manifest> {
  if (!(await stat(file).catch(() => null))?.isFile())
    throw new BackupError(`There is no backup file at ${file}.`);
  await assertEmpty(env);
  const store = mediaStoreFromEnv(env);
  const work = await mkdtemp(join(tmpdir(), 'postwell-restore-'));
  let manifest: Manifest | undefined;
  const written: string[] = [];
  let sawDatabase = false;
  let restoredPostgres = false;
  try {
    await mkdir(env.DATA_DIR, { recursive: true });
    const source = createReadStream(file);
    const input = createGunzip();
    source.on('error', (error) => input.destroy(error));
    source.pipe(input);
    await readTar(input, async ({ name, body }) => {
      if (!manifest) {
        if (name !== 'manifest.json')
          throw new BackupError('This file is not a Postwell backup (no manifest).');
        try {
          manifest = JSON.parse((await collect(body)).toString('utf8')) as Manifest;
        } catch {
          throw new BackupError('This file is not a Postwell backup (its manifest cannot be read).');
        }
        checkManifest(manifest, env);
        return;
      }
      if (name === PGLITE_ENTRY || name === POSTGRES_ENTRY) sawDatabase = true;
      if (name === PGLITE_ENTRY) {
        const dump = await collect(body);
        const dir = join(env.DATA_DIR, 'pglite');
        const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([dump]) });
        await db.close();
        // A dump taken by the running app holds its lock file; nothing has this copy open.
        await rm(join(dir, 'postmaster.pid'), { force: true });
      } else if (name === POSTGRES_ENTRY) {
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
      } else if (name.startsWith('secrets/')) {
        const secret = name.slice('secrets/'.length);
        if (!(SECRET_FILES as readonly string[]).includes(secret))
          throw new BackupError(`Unknown entry ${name}.`);
        await writeFile(join(env.DATA_DIR, secret), await collect(body), { mode: 0o600 });
      } else if (name.startsWith('media/')) {
        // The store checks the key: nothing is written outside the media folder or the prefix.
        const key = name.slice('media/'.length);
        written.push(key);
        await store.write(key, Readable.from(body));
      } else throw new BackupError(`Unknown entry ${name} in the backup.`);
    });
    if (!manifest) throw new BackupError('This file is not a Postwell backup (it is empty).');
    if (!sawDatabase) throw new BackupError('This backup holds no database: it was cut short.');
    return manifest;
  } catch (error) {
    // Everything was empty: what this restore wrote is removed, so that it can be tried again.
    if (store.kind === 's3') for (const key of written) await store.remove(key).catch(() => undefined);
    for (const entry of await readdir(env.DATA_DIR).catch(() => []))
      await rm(join(env.DATA_DIR, entry), { recursive: true, force: true });
    if (error instanceof Error && /incorrect header check|unexpected end/i.test(error.message))
      throw new BackupError('This file is not a Postwell backup (not a tar.gz file, or cut short).');
    if (env.DATABASE_URL && restoredPostgres && error instanceof Error)
      throw new BackupError(
        `${error.message}\nThe database at DATABASE_URL already holds the restored data: empty it (or create a new one) before trying again.`,
      );
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
