import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Env } from '../env';
import { isKey } from '../media/media.store';
import { BackupError, PGLITE_ENTRY, POSTGRES_ENTRY } from './backup';
import {
  assertRestorableHere,
  type Manifest,
  MANIFEST_MAX_BYTES,
  parseManifest,
  readSmallEntry,
} from './manifest';
import { readTar, TarError } from './tar';

/** A secret file holds one line (secret.ts); anything much larger is not one. */
const SECRET_MAX_BYTES = 4096;

type DatabaseEntry = typeof PGLITE_ENTRY | typeof POSTGRES_ENTRY;
type SecretName = Manifest['secrets'][number];

/** Where a restore puts each entry; each is called once per entry, in the archive's order. */
export interface BackupWriters {
  database(name: DatabaseEntry, body: AsyncIterable<Buffer>): Promise<void>;
  secret(name: SecretName, data: Buffer): Promise<void>;
  media(key: string, body: AsyncIterable<Buffer>): Promise<void>;
}

const damaged = (what: string) =>
  new BackupError(`${what}: the file is damaged or was not written by npm run backup.`);

/** An entry's name as a message may show it: on one line (controls escaped), and not too long. */
const shown = (name: string) => {
  const escaped = JSON.stringify(name).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 120)}…` : escaped;
};

/** What zlib says of a file that is not gzip, is corrupt or ends early (`Z_DATA_ERROR`, `Z_BUF_ERROR` …). */
const isZlibError = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('Z_');

/**
 * Reads a backup file through and checks all of it: gzip and tar intact to the last byte, the manifest
 * first (at most MANIFEST_MAX_BYTES, valid, restorable with this configuration), then only the entries
 * it announces: its kind of database once, the secrets it lists once each, media whose keys stay inside
 * the media folder, as many as it counts. Without `writers` nothing is kept: the dry run a restore makes
 * first, so that a damaged, cut short or crafted file is refused before anything is written. With
 * `writers`, each entry is handed over as it is reached. Every refusal is a one-line BackupError.
 */
export async function readBackup(file: string, env: Env, writers?: BackupWriters): Promise<Manifest> {
  const source = createReadStream(file);
  const input = createGunzip();
  source.on('error', (error) => input.destroy(error));
  source.pipe(input);
  let manifest: Manifest | undefined;
  let database = false;
  const secrets = new Set<string>();
  const media = new Set<string>();
  try {
    await readTar(input, async ({ name, size, body }) => {
      if (!manifest) {
        if (name !== 'manifest.json')
          throw new BackupError('This file is not a Postwell backup (it does not start with a manifest).');
        // Refused from its header, before a byte of it is read.
        if (size > MANIFEST_MAX_BYTES)
          throw damaged(`This backup's manifest is larger than ${MANIFEST_MAX_BYTES} bytes`);
        manifest = parseManifest(await readSmallEntry(body, MANIFEST_MAX_BYTES, 'manifest'));
        assertRestorableHere(manifest, env);
        return;
      }
      if (name === PGLITE_ENTRY || name === POSTGRES_ENTRY) {
        const expected = manifest.database === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
        if (name !== expected || database)
          throw damaged(`This backup holds an unexpected database entry (${shown(name)})`);
        database = true;
        await writers?.database(name, body);
      } else if (name.startsWith('secrets/')) {
        const secret = manifest.secrets.find((listed) => `secrets/${listed}` === name);
        if (!secret || secrets.has(secret))
          throw damaged(`This backup holds an unexpected entry (${shown(name)})`);
        secrets.add(secret);
        const data = await readSmallEntry(body, SECRET_MAX_BYTES, name);
        await writers?.secret(secret, data);
      } else if (name.startsWith('media/')) {
        const key = name.slice('media/'.length);
        if (!isKey(key))
          throw damaged(`This backup holds a media file outside the media folder (${shown(name)})`);
        if (!manifest.media.included || media.has(key))
          throw damaged(`This backup holds an unexpected entry (${shown(name)})`);
        media.add(key);
        await writers?.media(key, body);
      } else throw damaged(`This backup holds an unknown entry (${shown(name)})`);
    });
  } catch (error) {
    if (error instanceof TarError || isZlibError(error))
      throw new BackupError(
        `This file is not a Postwell backup, or it is damaged or cut short (${(error as Error).message}).`,
      );
    throw error;
  } finally {
    source.destroy();
    input.destroy();
  }
  if (!manifest) throw new BackupError('This file is not a Postwell backup (it is empty).');
  if (!database) throw damaged('This backup holds no database');
  const missing = manifest.secrets.find((secret) => !secrets.has(secret));
  if (missing) throw damaged(`This backup lacks secrets/${missing}, which its manifest lists`);
  if (manifest.media.included && media.size !== manifest.media.files)
    throw damaged(
      `This backup holds ${media.size} media files where its manifest counts ${manifest.media.files}`,
    );
  return manifest;
}
