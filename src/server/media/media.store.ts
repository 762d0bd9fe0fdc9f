import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';

/**
 * Where media bytes live (decision 026): the data folder (`createDiskStore`) or an S3-compatible bucket
 * (`createS3Store`, s3.store.ts), behind the same calls. Keys are relative paths we make ourselves
 * (`user/id.ext`, `renders/user/id.mp4`); a key that would leave the root or the prefix is refused.
 * Uploads and renders are first written to a local temporary file (`tempPath`), where they are judged
 * and probed, then handed to the store with `keep`; tools that need a path read a stored file through
 * `withLocalFile`.
 */
export interface MediaStore {
  kind: 'disk' | 's3';
  /** A fresh local path for a file in progress (an upload, a render); `keep` moves it into the store. */
  tempPath(name: string): Promise<string>;
  /** Removes local files in progress that nothing has written to since `before`; says how many. */
  removeStaleTemp(before: Date): Promise<number>;
  /**
   * Moves a finished local file into the store under `key` (a rename on disk, a streamed upload to S3,
   * which serves it as `contentType`).
   */
  keep(tempPath: string, key: string, contentType?: string): Promise<void>;
  /** Streams bytes into the store under `key` (backups restore through this). */
  write(key: string, body: Readable): Promise<void>;
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes as a stream. */
  read(key: string): Promise<Readable>;
  /**
   * Runs `fn` with a local path to the stored file (sharp, ffprobe, ffmpeg, adapters that upload files):
   * the file itself on disk, a temporary download from S3 that is removed once `fn` has finished.
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  remove(key: string): Promise<void>;
  /** Every stored file (temporary files left out), for backups. */
  list(): AsyncIterable<{ key: string; bytes: number }>;
  /** A pre-signed URL a network may fetch without us (S3 only), valid for `seconds`. */
  signedUrl?(key: string, seconds: number): Promise<string>;
}

/** The folder (under the store's root or the local temporary folder) for files in progress. */
export const TEMP_FOLDER = 'tmp';

/**
 * A key as we make them: relative, `/`-separated segments of letters, digits, `.`, `_` and `-`, none of
 * them `.` or `..`, and not in the temporary folder. Anything else is refused before it reaches a store.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  const ok =
    key.length > 0 &&
    key.length <= 500 &&
    segments.every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..') &&
    segments[0] !== TEMP_FOLDER;
  if (!ok) throw new Error(`storage key leaves the media folder: ${key}`);
  return key;
}

/** Whether `key` is one `checkKey` lets through. */
export const isKey = (key: string) => {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
};

/** Local files in progress: created on demand, swept by age (what a stopped process left behind). */
export function localTemp(dir: string) {
  return {
    async tempPath(name: string) {
      await mkdir(dir, { recursive: true });
      return join(dir, name);
    },
    async removeStaleTemp(before: Date) {
      const names = await readdir(dir).catch(() => []);
      let removed = 0;
      for (const name of names) {
        const path = join(dir, name);
        const info = await stat(path).catch(() => undefined);
        if (!info || info.mtime >= before) continue;
        await rm(path, { recursive: true, force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** The data folder's store: files under `root`, files in progress in `root/tmp` (same disk: keep renames). */
export function createDiskStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    const path = normalize(join(root, checkKey(key)));
    if (!path.startsWith(normalize(root) + sep))
      throw new Error(`storage key leaves the media folder: ${key}`);
    return path;
  };
  async function* walk(dir: string): AsyncGenerator<{ key: string; bytes: number }> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      const key = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (key !== TEMP_FOLDER) yield* walk(path);
      } else if (entry.isFile() && isKey(key)) yield { key, bytes: (await stat(path)).size };
    }
  }
  return {
    kind: 'disk',
    ...localTemp(join(root, TEMP_FOLDER)),
    async keep(tempPath, key) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await rename(tempPath, path);
    },
    async write(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(body, createWriteStream(path));
    },
    async size(key) {
      const info = await stat(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new AppError(404, 'NOT_FOUND', 'This file was not found.');
        throw error;
      });
      return info.size;
    },
    async exists(key) {
      return (await stat(pathOf(key)).catch(() => null))?.isFile() ?? false;
    },
    read: async (key) => createReadStream(pathOf(key)),
    withLocalFile: (key, fn) => fn(pathOf(key)),
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    list: () => walk(root),
  };
}
