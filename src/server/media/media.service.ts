import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { IMAGE_EXTENSIONS, type Media, MEDIA_LIMITS, type MediaKind } from '../../shared/api/media.schemas';
import type { SessionUser } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import type { MediaRepo, MediaRow } from './media.repo';
import type { MediaStore } from './media.store';
import { probeVideo } from './probe';

const MB = 1024 * 1024;
const THUMBNAIL_PX = 320;

export const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  kind: row.kind,
  name: row.originalName,
  mime: row.mime,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  durationSeconds: row.durationSeconds,
  url: `/api/media/${row.id}`,
  thumbnailUrl: row.thumbnailKey ? `/api/media/${row.id}/thumbnail` : null,
  createdAt: row.createdAt.toISOString(),
});

// The spec's upload messages, with the file name (and limit) as parameters for the web's translation.
const notSupported = (file: string, kind: MediaKind) =>
  new AppError(400, 'MEDIA_TYPE', `${file} is not a supported ${kind} type.`, { params: { file } });
const tooLarge = (file: string, kind: MediaKind) =>
  new AppError(400, 'MEDIA_TOO_LARGE', `${file} exceeds the ${MEDIA_LIMITS[kind].maxMb}MB size limit.`, {
    params: { file, max: MEDIA_LIMITS[kind].maxMb },
  });
const unreadable = (file: string) =>
  new AppError(400, 'MEDIA_UNREADABLE', `Failed to add ${file}. Please try again.`, { params: { file } });

export interface Upload {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

export function createMediaService({ repo, store }: { repo: MediaRepo; store: MediaStore }) {
  return {
    /**
     * Streams an upload to disk (never whole in memory), then judges it by its bytes, not its name:
     * type, size, and whether it can be decoded. Only a file that passes is kept; anything else leaves
     * nothing behind.
     */
    async upload(actor: SessionUser, kind: MediaKind, { filename, stream }: Upload): Promise<Media> {
      const name = filename.slice(0, 255) || 'file';
      const id = randomUUID();
      const temp = await store.tempPath(id);
      const hash = createHash('sha256');
      let bytes = 0;
      try {
        await pipeline(
          stream,
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              bytes += chunk.length;
              done(null, chunk);
            },
          }),
          createWriteStream(temp),
        );
        if (stream.truncated || bytes > MEDIA_LIMITS[kind].maxMb * MB) throw tooLarge(name, kind);
        const type = await fileTypeFromFile(temp);
        const base = { id, userId: actor.id, kind, originalName: name, bytes, sha256: hash.digest('hex') };

        if (kind === 'image') {
          if (!type || !(IMAGE_EXTENSIONS as readonly string[]).includes(type.ext))
            throw notSupported(name, kind);
          const storageKey = `${actor.id}/${id}.${type.ext}`;
          const thumbnailKey = `${actor.id}/${id}.thumb.webp`;
          let meta: sharp.Metadata;
          const thumbTemp = await store.tempPath(`${id}.thumb`);
          try {
            // Decoding the whole image for the thumbnail is what finds a truncated or corrupt file.
            meta = await sharp(temp, { failOn: 'truncated' }).metadata();
            await sharp(temp, { failOn: 'truncated', animated: false })
              .rotate()
              .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
              .webp()
              .toFile(thumbTemp);
          } catch {
            await rm(thumbTemp, { force: true });
            throw unreadable(name);
          }
          await store.keep(temp, storageKey);
          await store.keep(thumbTemp, thumbnailKey);
          return toMedia(
            await repo.insert({
              ...base,
              mime: type.mime,
              width: meta.width ?? null,
              height: meta.height ?? null,
              storageKey,
              thumbnailKey,
            }),
          );
        }

        if (!type?.mime.startsWith('video/')) throw notSupported(name, kind);
        const info = await probeVideo(temp);
        if (!info) throw unreadable(name);
        const storageKey = `${actor.id}/${id}.${type.ext}`;
        await store.keep(temp, storageKey);
        return toMedia(
          await repo.insert({ ...base, mime: type.mime, ...info, storageKey, thumbnailKey: null }),
        );
      } finally {
        await rm(temp, { force: true });
      }
    },

    async get(actor: SessionUser, id: string) {
      const row = await repo.find(actor.id, id);
      if (!row) throw notFound('This file');
      return row;
    },

    async remove(actor: SessionUser, id: string) {
      const row = await this.get(actor, id);
      await repo.remove(actor.id, id);
      await store.remove(row.storageKey);
      if (row.thumbnailKey) await store.remove(row.thumbnailKey);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
