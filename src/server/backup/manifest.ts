import { z } from 'zod';
import type { Env } from '../env';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, SECRET_FILES } from './backup';

/**
 * `manifest.json`, the first entry of a backup: what `createBackup` writes, and all a restore trusts
 * before it writes anything. One written by `npm run backup` is a few hundred bytes; a restore reads at
 * most MANIFEST_MAX_BYTES of it (issue 23: a 1 GiB manifest took 2.26 GB of memory before it was refused).
 */
export const MANIFEST_MAX_BYTES = 16 * 1024;

const count = z.number().int().min(0);

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  app: z.string().max(100),
  createdAt: z.iso.datetime(),
  database: z.enum(['pglite', 'postgres']),
  media: z.object({ store: z.enum(['disk', 's3']), included: z.boolean(), files: count, bytes: count }),
  counts: z.object({ users: count, posts: count, media: count }),
  secrets: z.array(z.enum(SECRET_FILES)).max(SECRET_FILES.length),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** The part every version keeps, read first so that a newer backup says so instead of failing a field. */
const FormatSchema = z.object({ format: z.literal(BACKUP_FORMAT), version: z.unknown() });

/**
 * Reads an entry's bytes, refusing it (before buffering more) once it passes `max`: a backup's small
 * entries are read whole, and what a header announces is not trusted to be small.
 */
export async function readSmallEntry(body: AsyncIterable<Buffer>, max: number, what: string) {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > max)
      throw new BackupError(`This backup's ${what} is larger than ${max} bytes: it is damaged.`);
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** The manifest's bytes, checked: a Postwell backup, of a version this code restores. */
export function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('This file is not a Postwell backup (its manifest cannot be read).');
  }
  const head = FormatSchema.safeParse(json);
  if (!head.success)
    throw new BackupError(`This file is not a Postwell backup (its manifest does not say ${BACKUP_FORMAT}).`);
  if (typeof head.data.version === 'number' && head.data.version > BACKUP_VERSION)
    throw new BackupError(
      `This backup was written by a newer Postwell (format ${head.data.version}): update first.`,
    );
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(
      `This backup's manifest is not valid (${issue.path.join('.') || 'manifest'}: ${issue.message}): ` +
        'the file is damaged or was not written by npm run backup.',
    );
  }
  return parsed.data;
}

/** Whether this configuration can take the backup's database. */
export function assertRestorableHere(manifest: Manifest, env: Env) {
  if (manifest.database === 'postgres' && !env.DATABASE_URL)
    throw new BackupError('This backup is of a PostgreSQL database: set DATABASE_URL to an empty database.');
  if (manifest.database === 'pglite' && env.DATABASE_URL)
    throw new BackupError(
      'This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into the data folder.',
    );
}
