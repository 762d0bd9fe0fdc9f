import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/**
 * Where media bytes live: a folder now, an object store later, behind the same few calls. Keys are
 * relative paths we make ourselves (`user/id.ext`); a key that would leave the root is refused.
 */
export function createDiskStore(root: string) {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + '/'))
      throw new Error(`storage key leaves the media folder: ${key}`);
    return path;
  };
  const tempDir = join(root, 'tmp');
  return {
    /** Where a stored file lives on disk, for readers that need a path (sharp, ffprobe, adapters). */
    pathOf,
    /** A fresh path for an upload in progress, on the same disk so that keeping it is a rename. */
    async tempPath(name: string) {
      await mkdir(tempDir, { recursive: true });
      return join(tempDir, name);
    },
    /**
     * Removes uploads in progress that nothing has written to since `before`: the leftovers of a process
     * that stopped mid-upload. Newer ones may belong to another process sharing the folder. Says how many.
     */
    async removeStaleTemp(before: Date) {
      const names = await readdir(tempDir).catch(() => []);
      let removed = 0;
      for (const name of names) {
        const path = join(tempDir, name);
        const info = await stat(path).catch(() => undefined);
        if (!info || info.mtime >= before) continue;
        await rm(path, { recursive: true, force: true });
        removed++;
      }
      return removed;
    },
    async keep(tempPath: string, key: string) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await rename(tempPath, path);
    },
    async size(key: string) {
      return (await stat(pathOf(key))).size;
    },
    read: (key: string) => createReadStream(pathOf(key)),
    async remove(key: string) {
      await rm(pathOf(key), { force: true });
    },
  };
}
export type MediaStore = ReturnType<typeof createDiskStore>;
