import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { tarWriter } from '../src/server/backup/tar';

/** A manifest as `npm run backup` writes it, with `changes` applied (a key set to undefined is dropped). */
export function manifestOf(database: 'pglite' | 'postgres', changes: Record<string, unknown> = {}) {
  return {
    format: 'postwell-backup',
    version: 1,
    app: '1.0.0',
    createdAt: '2025-03-01T12:00:00.000Z',
    database,
    media: { store: 'disk', included: true, files: 1, bytes: 3 },
    counts: { users: 1, posts: 0, media: 1 },
    secrets: ['auth-secret'],
    ...changes,
  };
}

export interface CraftedEntry {
  name: string;
  body: Buffer | string;
}

/**
 * Writes a backup file of the given entries (a tar.gz as `npm run backup` writes). `raw` instead writes
 * whatever bytes it is given into the gzip stream (headers that lie, say); `gzip: false` leaves the tar
 * uncompressed. Resolves with nothing once the file is closed.
 */
export async function writeArchive(
  file: string,
  entries: CraftedEntry[],
  options: { raw?: (gzip: Writable) => Promise<void>; trailer?: boolean } = {},
) {
  const gzip = createGzip({ level: 1 });
  const out = createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', () => resolve()).on('error', reject);
  });
  gzip.pipe(out);
  const tar = tarWriter(gzip);
  for (const { name, body } of entries) {
    const bytes = Buffer.from(body);
    await tar.add(name, bytes.length, bytes);
  }
  if (options.raw) await options.raw(gzip);
  if (options.trailer === false) gzip.end();
  else await tar.end();
  await closed;
}

/** The entries of a small backup of the embedded database that only its database entry makes unusable. */
export const pgliteEntries = (manifest: object = manifestOf('pglite')): CraftedEntry[] => [
  { name: 'manifest.json', body: JSON.stringify(manifest) },
  { name: 'database/pglite.tar', body: 'not a PGlite dump' },
  { name: 'secrets/auth-secret', body: 'abcd' },
  { name: 'media/u1/a.png', body: 'png' },
];
