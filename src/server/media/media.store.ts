import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/**
 * Where media bytes live: a folder now, an object store later, behind the same four calls. Keys are
 * relative paths we make ourselves (`user/id.ext`); a key that would leave the root is refused.
 */
export function createDiskStore(root: string) {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + '/'))
      throw new Error(`storage key leaves the media folder: ${key}`);
    return path;
  };
  return {
    /** Where a stored file lives on disk, for readers that need a path (sharp, ffprobe, adapters). */
    pathOf,
    /** A fresh path for an upload in progress, on the same disk so that keeping it is a rename. */
    async tempPath(name: string) {
      const dir = join(root, 'tmp');
      await mkdir(dir, { recursive: true });
      return join(dir, name);
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
