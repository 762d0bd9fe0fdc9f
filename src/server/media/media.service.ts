import { createHash, randomUUID } from 'node:crypto';
import { open, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type sharp from 'sharp';
import {
  IMAGE_EXTENSIONS,
  type Media,
  MEDIA_LIMITS,
  type MediaKind,
  type MediaList,
  type MediaListQuery,
  type MediaUse,
} from '../../shared/api/media.schemas';
import { htmlToText } from '../../shared/platforms/html-to-text';
import type { SessionUser } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import { cleanFileName } from './file-name';
import type { MediaLinks } from './media-links';
import type { MediaRepo, MediaRow, MediaUseRow } from './media.repo';
import type { MinuteWindows } from '../http/minute-windows';
import type { MediaStore } from './media.store';
import { probeVideo } from './probe';
import type { RendersRepo } from './render/renders.repo';
import { semaphore } from './semaphore';
import { refuseUnsendableVideo } from './video-bounds';

const MB = 1024 * 1024;
const THUMBNAIL_PX = 320;
/** 40 megapixels: above every network's largest image, far below what a small file can claim to be. */
const MAX_PIXELS = 40_000_000;
/** An upload in progress that nothing has written to for this long was left by a stopped process. */
const STALE_UPLOAD_MS = 60 * 60_000;

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
// The spec has no text of its own for this: it is a file we will not read, so it gets that message.
const tooManyPixels = (file: string) =>
  new AppError(
    400,
    'MEDIA_TOO_MANY_PIXELS',
    `${file} exceeds the ${MAX_PIXELS / 1_000_000} megapixel size limit.`,
    {
      params: { file, maxMegapixels: MAX_PIXELS / 1_000_000 },
    },
  );

/** The storage quota's refusal: the file is not kept. */
const quotaExceeded = (file: string, usedBytes: number, quotaBytes: number) => {
  const usedMb = Math.ceil(usedBytes / MB);
  const quotaMb = Math.floor(quotaBytes / MB);
  return new AppError(
    413,
    'QUOTA_EXCEEDED',
    `${file} was not added: your media storage is full (${usedMb} of ${quotaMb} MB used). Delete files you no longer need, or ask an administrator for more room.`,
    { params: { file, usedMb, quotaMb } },
  );
};
const uploadRateLimited = (seconds: number) =>
  new AppError(
    429,
    'UPLOAD_RATE_LIMITED',
    `You are uploading faster than this server allows. Try again in ${seconds} seconds.`,
    { retryAfterSeconds: seconds, params: { seconds } },
  );

/** How long a post's line in the library (and in a refusal) may be. */
const USE_TEXT_MAX = 80;
/** A post's text on one line, cut to `USE_TEXT_MAX` characters (code points, so an emoji stays whole). */
const oneLine = (html: string) => {
  const chars = [...htmlToText(html).replace(/\s+/g, ' ').trim()];
  return chars.length <= USE_TEXT_MAX ? chars.join('') : `${chars.slice(0, USE_TEXT_MAX - 1).join('')}…`;
};
const toUse = (use: MediaUseRow): MediaUse => ({
  type: use.type,
  id: use.id,
  text: oneLine(use.html),
  status: use.status,
  at: use.at ? new Date(use.at).toISOString() : null,
  pending: use.pending,
});

/** A file that a post still to go out holds is not deleted: the posts are named, so they can be found. */
const inUse = (file: string, uses: MediaUse[]) => {
  const posts = uses
    .map((use) => `“${use.text || use.at?.slice(0, 16).replace('T', ' ') || use.id}”`)
    .join(', ');
  return new AppError(
    409,
    'MEDIA_IN_USE',
    `${file} is in posts still to go out: ${posts}. Remove it from them first.`,
    { params: { file, posts, count: uses.length } },
  );
};

export interface Upload {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/** What a file route sends: its type, its length and its bytes. */
export interface MediaFile {
  mime: string;
  bytes: number;
  body: Readable | Buffer;
}

export interface MediaServiceDeps {
  repo: MediaRepo;
  store: MediaStore;
  links: MediaLinks;
  /** Edited renders of uploads: served by signed link, removed with their upload. */
  renders: RendersRepo;
  /** How many images are decoded (sharp) or videos probed (ffprobe) at once; the rest wait their turn. */
  decoders?: number;
  /** Storage per user, in bytes: uploads, thumbnails and renders together (MEDIA_QUOTA_MB). */
  quotaBytes: number;
  /** Upload bytes per user per minute (MEDIA_UPLOAD_MB_PER_MINUTE). */
  uploadRate: MinuteWindows;
}

export function createMediaService({
  repo,
  store,
  links,
  renders,
  decoders = 2,
  quotaBytes,
  uploadRate,
}: MediaServiceDeps) {
  // Each decode takes memory in proportion to the image and a thread of libuv's small pool, which the
  // file system calls of every other request share: a burst of uploads waits here instead.
  const decoding = semaphore(decoders);
  // sharp and libvips are ~18 MB resident: loaded with the first image, not at start (decision 029).
  const loadSharp = async () => (await import('sharp')).default;

  /** Reads an image's header, refuses it above the pixel limit, and writes its thumbnail. */
  const thumbnail = (name: string, source: string, target: string) =>
    decoding(async () => {
      const sharp = await loadSharp();
      let meta: sharp.Metadata;
      try {
        // The header alone, without sharp's own pixel limit, so that an image above it is named as such.
        meta = await sharp(source, { failOn: 'truncated', limitInputPixels: false }).metadata();
      } catch {
        throw unreadable(name);
      }
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw tooManyPixels(name);
      try {
        // Decoding the whole image for the thumbnail is what finds a truncated or corrupt file.
        await sharp(source, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false })
          .rotate()
          .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
          .webp()
          .toFile(target);
      } catch {
        throw unreadable(name);
      }
      return meta;
    });

  const get = async (actor: SessionUser, id: string) => {
    const row = await repo.find(actor.workspace.id, id);
    if (!row) throw notFound('This file');
    return row;
  };

  const send = async (mime: string, key: string): Promise<MediaFile> => ({
    mime,
    bytes: await store.size(key),
    body: await store.read(key),
  });

  /** Stores the row if the user's quota has room for it; otherwise refuses (the caller removes the files). */
  const insert = async (name: string, values: Parameters<MediaRepo['insertWithinQuota']>[0]) => {
    const { row, usedBytes } = await repo.insertWithinQuota(values, quotaBytes);
    if (!row) throw quotaExceeded(name, usedBytes, quotaBytes);
    return toMedia(row);
  };

  return {
    /** The storage the user takes and may take (Profile page). */
    async storage(actor: SessionUser) {
      const used = await repo.usage([actor.id]);
      return { usedBytes: used.get(actor.id) ?? 0, quotaBytes };
    },
    usageOf: (userIds: string[]) => repo.usage(userIds),

    /**
     * Streams an upload to a local temporary file (never whole in memory), then judges it by its bytes,
     * not its name: type, size, and whether it can be decoded. Only a file that passes is kept (moved or
     * streamed into the store with its thumbnail); a refused or failed upload leaves nothing behind,
     * neither in the temporary folder nor in the store. A user over their upload rate is refused before
     * a byte is read; one whose quota the file would pass, as soon as it does.
     */
    async upload(actor: SessionUser, kind: MediaKind, { filename, stream }: Upload): Promise<Media> {
      const name = cleanFileName(filename);
      const wait = uploadRate.wait(actor.id);
      if (wait !== null) throw uploadRateLimited(wait);
      const usedBefore = (await repo.usage([actor.id])).get(actor.id) ?? 0;
      if (usedBefore >= quotaBytes) throw quotaExceeded(name, usedBefore, quotaBytes);
      const id = randomUUID();
      const temp = await store.tempPath(id);
      const thumbTemp = await store.tempPath(`${id}.thumb`);
      const kept: string[] = [];
      const keep = async (path: string, key: string, mime: string) => {
        await store.keep(path, key, mime);
        kept.push(key);
      };
      const hash = createHash('sha256');
      let bytes = 0;
      try {
        // The file exists before the first byte, so a body that breaks off cannot create it afterwards.
        const file = await open(temp, 'w');
        await pipeline(
          stream,
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              bytes += chunk.length;
              uploadRate.add(actor.id, chunk.length);
              if (usedBefore + bytes > quotaBytes) done(quotaExceeded(name, usedBefore, quotaBytes));
              else done(null, chunk);
            },
          }),
          file.createWriteStream(),
        );
        if (stream.truncated || bytes > MEDIA_LIMITS[kind].maxMb * MB) throw tooLarge(name, kind);
        const type = await fileTypeFromFile(temp);
        const base = {
          id,
          userId: actor.id,
          workspaceId: actor.workspace.id,
          kind,
          originalName: name,
          bytes,
          sha256: hash.digest('hex'),
        };

        if (kind === 'image') {
          if (!type || !(IMAGE_EXTENSIONS as readonly string[]).includes(type.ext))
            throw notSupported(name, kind);
          const storageKey = `${actor.id}/${id}.${type.ext}`;
          const meta = await thumbnail(name, temp, thumbTemp);
          const thumbnailKey = `${actor.id}/${id}.thumb.webp`;
          const thumbnailBytes = (await stat(thumbTemp)).size;
          await keep(temp, storageKey, type.mime);
          await keep(thumbTemp, thumbnailKey, 'image/webp');
          return await insert(name, {
            ...base,
            mime: type.mime,
            width: meta.width ?? null,
            height: meta.height ?? null,
            storageKey,
            thumbnailKey,
            thumbnailBytes,
          });
        }

        if (!type?.mime.startsWith('video/')) throw notSupported(name, kind);
        const info = await decoding(() => probeVideo(temp));
        if (!info) throw unreadable(name);
        refuseUnsendableVideo(name, info);
        const storageKey = `${actor.id}/${id}.${type.ext}`;
        await keep(temp, storageKey, type.mime);
        const { durationSeconds, width, height } = info;
        return await insert(name, {
          ...base,
          mime: type.mime,
          durationSeconds,
          width,
          height,
          storageKey,
          thumbnailKey: null,
        });
      } catch (error) {
        await Promise.all(kept.map((key) => store.remove(key)));
        throw error;
      } finally {
        await Promise.all([rm(temp, { force: true }), rm(thumbTemp, { force: true })]);
      }
    },

    /** Clears what uploads interrupted by a stop left in the temporary folder; says how many. */
    removeStaleUploads: () => store.removeStaleTemp(new Date(Date.now() - STALE_UPLOAD_MS)),

    /** One of the user's files, or its thumbnail. */
    async file(actor: SessionUser, id: string, variant: 'original' | 'thumbnail'): Promise<MediaFile> {
      const row = await get(actor, id);
      if (variant === 'original') return send(row.mime, row.storageKey);
      if (!row.thumbnailKey) throw new AppError(404, 'NOT_FOUND', 'This file has no thumbnail.');
      return send('image/webp', row.thumbnailKey);
    },

    /**
     * A file by a signed link (media-links.ts), for a network that pulls it; as JPEG when asked, for
     * networks that take nothing else. A wrong, expired or revoked link reads as not found: it says
     * nothing about what exists.
     */
    async signedFile(id: string, link: { expires: number; sig: string; format?: 'jpeg' }) {
      if (!links.verify(id, link.expires, link.sig))
        throw new AppError(404, 'NOT_FOUND', 'This link is not valid or has expired.');
      // The link names an upload, or the edited render of one that the publisher handed over.
      const rendered = await renders.findReady(id);
      if (rendered) return send(rendered.mime, rendered.storageKey);
      const row = await repo.findSigned(id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'This link is not valid or has expired.');
      if (link.format !== 'jpeg' || row.kind !== 'image' || row.mime === 'image/jpeg')
        return send(row.mime, row.storageKey);
      const sharp = await loadSharp();
      const jpeg = await decoding(() =>
        store.withLocalFile(row.storageKey, (path) =>
          sharp(path, { limitInputPixels: MAX_PIXELS })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 90 })
            .toBuffer(),
        ),
      );
      return { mime: 'image/jpeg', bytes: jpeg.length, body: jpeg } satisfies MediaFile;
    },

    /** The media library's page: the workspace's files with who uploaded each and where it is used. */
    async library(actor: SessionUser, query: MediaListQuery): Promise<MediaList> {
      const { rows, total } = await repo.library(actor.workspace.id, query);
      return {
        total,
        data: rows.map((row) => ({
          ...toMedia(row),
          uploadedBy: row.uploadedBy,
          uses: row.uses,
          usedIn: row.usedIn.map(toUse),
        })),
      };
    },

    /** Deletes a file, unless a post or recurring post still to go out holds it: that says which. */
    async remove(actor: SessionUser, id: string) {
      const rendered = await renders.keysOfMedia(id);
      const { row, pending } = await repo.removeUnlessPending(actor.workspace.id, id);
      if (!row) throw notFound('This file');
      if (pending.length) throw inUse(row.originalName, pending.map(toUse));
      await store.remove(row.storageKey);
      for (const key of rendered) await store.remove(key);
      if (row.thumbnailKey) await store.remove(row.thumbnailKey);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
