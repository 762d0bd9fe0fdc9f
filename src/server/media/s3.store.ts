import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';
import { checkKey, isKey, localTemp, type MediaStore } from './media.store';

export interface S3Options {
  /** Any S3-compatible endpoint (MinIO, Garage, R2, Backblaze); AWS S3 itself when absent. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: MinIO, Garage and most self-hosted stores. */
  forcePathStyle: boolean;
  /** A folder in the bucket for this installation's files (`postwell/`), when the bucket is shared. */
  prefix?: string;
  /** Where files in progress and downloads for tools are kept on this machine. */
  tempDir: string;
  /** Told of each failed call to the store before it is answered as 404 or 503. */
  onError?: (error: unknown, key: string) => void;
}

/** Multipart parts of 8 MB, two at a time: a 100 MB video upload holds at most 16 MB in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** Not a key: the listing of the whole prefix, through the same error handling. */
const LIST = Symbol('list');
/** What a network pulling a pre-signed URL is told it gets, when the caller did not say (restores). */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * The S3-compatible store: every machine that shares the bucket sees the same files. Files in progress
 * stay on the local disk (they are judged and probed there) and are streamed up in multipart uploads;
 * tools that need a path get a temporary download (`withLocalFile`).
 */
export function createS3Store(options: S3Options): MediaStore {
  let sdk: ReturnType<typeof loadSdk> | undefined;
  const loadSdk = async () => {
    const [s3, { Upload }, { getSignedUrl }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const client = new s3.S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailing ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { ...s3, Upload, getSignedUrl, client };
  };
  // The AWS SDK is ~20 MB resident: loaded by the first call to the bucket, so that this module costs
  // nothing where media stay on disk (decision 029).
  const aws = () => (sdk ??= loadSdk());
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/\/$/, '')}/` : '';
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;
  const temp = localTemp(options.tempDir);

  /**
   * One call to the store for `key` (checked first: a bad key is our bug, not the store's). A missing
   * object answers 404; anything else the store or the network does wrong answers 503, and is logged.
   */
  const call = async <T>(key: string | typeof LIST, fn: (objectKey: string) => Promise<T>): Promise<T> => {
    const Key = key === LIST ? prefix : objectKey(key);
    try {
      return await fn(Key);
    } catch (error) {
      // A missing object; a missing bucket (NoSuchBucket) is the store's trouble, below.
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound')
        throw new AppError(404, 'NOT_FOUND', 'This file was not found.');
      options.onError?.(error, key === LIST ? '(list)' : key);
      throw new AppError(
        503,
        'STORAGE_UNAVAILABLE',
        'The media storage cannot be reached. Please try again.',
      );
    }
  };
  const put = (key: string, Body: Readable, contentType?: string) =>
    call(key, async (Key) => {
      const ContentType =
        contentType ?? TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
      const { Upload, client } = await aws();
      await new Upload({
        client,
        params: { Bucket, Key, Body, ContentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
      }).done();
    });
  const head = (key: string) =>
    call(key, async (Key) => {
      const { client, HeadObjectCommand } = await aws();
      return client.send(new HeadObjectCommand({ Bucket, Key }));
    });
  const read = (key: string) =>
    call(key, async (Key) => {
      const { client, GetObjectCommand } = await aws();
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
      if (!(Body instanceof Readable)) throw new Error(`no body for ${key}`);
      return Body;
    });

  return {
    kind: 's3',
    ...temp,
    async keep(tempPath, key, contentType) {
      await put(key, createReadStream(tempPath), contentType);
      await rm(tempPath, { force: true });
    },
    write: (key, body) => put(key, body),
    async size(key) {
      return (await head(key)).ContentLength ?? 0;
    },
    async exists(key) {
      try {
        await head(key);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return false;
        throw error;
      }
    },
    read,
    async withLocalFile(key, fn) {
      const path = await temp.tempPath(`download-${randomUUID()}`);
      try {
        await pipeline(await read(key), createWriteStream(path));
        return await fn(path);
      } finally {
        await rm(path, { force: true });
      }
    },
    async remove(key) {
      await call(key, async (Key) => {
        const { client, DeleteObjectCommand } = await aws();
        return client.send(new DeleteObjectCommand({ Bucket, Key }));
      });
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await call(LIST, async () => {
          const { client, ListObjectsV2Command } = await aws();
          return client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
          );
        });
        for (const item of page.Contents ?? []) {
          // Only keys we could have made: folder markers and other tools' objects are not ours.
          const key = item.Key!.slice(prefix.length);
          if (isKey(key)) yield { key, bytes: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async signedUrl(key, seconds) {
      const { client, getSignedUrl, GetObjectCommand } = await aws();
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key) }), {
        expiresIn: seconds,
      });
    },
  };
}
