import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { IMAGE_EXTENSIONS, MEDIA_LIMITS, type Media, type MediaKind } from '../../shared/api/media.schemas';
import { AppError } from '../http/errors';

/** Files one zip may hold (folders and the system's own files aside). */
export const ZIP_FILES_MAX = 200;
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'avi', 'mkv'];

export type ZipFileResult =
  | { name: string; media: Media }
  | { name: string; error: { code: string; message: string; params?: Record<string, string | number> } };

/** What a file in the zip is, by its name: an image, a video, or something to leave out. */
const kindOf = (name: string): MediaKind | null => {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext === 'jpeg' ? 'jpg' : ext)) return 'image';
  if (VIDEO_EXTENSIONS.includes(ext)) return 'video';
  return null;
};
/** Folders, macOS's resource forks and hidden files are not the user's media. */
const skipped = (path: string) =>
  path.endsWith('/') || path.startsWith('__MACOSX/') || basename(path).startsWith('.');

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
/** The zip's next entry, or null after the last. */
const nextEntry = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry | null>((resolve, reject) => {
    const done = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (done(), resolve(entry));
    const onEnd = () => (done(), resolve(null));
    const onError = (error: Error) => (done(), reject(error));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });

const notZip = () => new AppError(400, 'IMPORT_ZIP_NOT_ZIP', 'It is not a zip file.');
const damaged = (detail: string) =>
  new AppError(400, 'IMPORT_ZIP_DAMAGED', `The zip is damaged (${detail}).`);
const tooMany = () =>
  new AppError(400, 'IMPORT_ZIP_TOO_MANY', `A zip holds at most ${ZIP_FILES_MAX} files.`, {
    params: { max: ZIP_FILES_MAX },
  });

/**
 * The images and videos of a zip (bulk import's media, issue 27), each handed to `upload` as the media
 * library takes an upload (its checks, the quota), one after another. A file's declared size is checked
 * before it is read (a zip that declares 10 KB and holds 10 GB fails on its first byte too much: yauzl
 * checks the sizes it reads against what the zip says). Names are the files' own, without their folders.
 */
export async function readMediaZip(
  path: string,
  upload: (kind: MediaKind, file: { filename: string; stream: Readable }) => Promise<Media>,
): Promise<ZipFileResult[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw notZip();
  }
  const results: ZipFileResult[] = [];
  try {
    let files = 0;
    for (;;) {
      let entry: yauzl.Entry | null;
      try {
        entry = await nextEntry(zip);
      } catch (error) {
        throw damaged(error instanceof Error ? error.message : 'unreadable');
      }
      if (!entry) break;
      if (skipped(entry.fileName)) continue;
      const name = basename(entry.fileName);
      const kind = kindOf(name);
      if (!kind) {
        results.push({
          name,
          error: {
            code: 'MEDIA_TYPE',
            message: `${name} is not an image or a video.`,
            params: { file: name },
          },
        });
        continue;
      }
      if (++files > ZIP_FILES_MAX) throw tooMany();
      const max = MEDIA_LIMITS[kind].maxMb * 1024 * 1024;
      if (entry.uncompressedSize > max) {
        results.push({
          name,
          error: {
            code: 'MEDIA_TOO_LARGE',
            message: `${name} is over ${MEDIA_LIMITS[kind].maxMb} MB.`,
            params: { file: name, max: MEDIA_LIMITS[kind].maxMb },
          },
        });
        continue;
      }
      try {
        const stream = await zip.openReadStreamPromise(entry);
        results.push({ name, media: await upload(kind, { filename: name, stream }) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({
          name,
          error: { code: error.code, message: error.message, params: error.extra.params as never },
        });
      }
    }
  } finally {
    zip.close();
  }
  return results;
}
