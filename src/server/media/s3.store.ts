import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkKey, localTemp, type MediaStore, TEMP_FOLDER } from './media.store';

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
}

/** Multipart parts of 8 MB, two at a time: a 100 MB video upload holds at most 16 MB in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
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
export function createS3Store(options: S3Options): MediaStore & { client: S3Client } {
  const client = new S3Client({
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
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;
  const temp = localTemp(options.tempDir);

  const put = async (key: string, Body: Readable, contentType?: string) => {
    const ContentType =
      contentType ?? TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    await new Upload({
      client,
      params: { Bucket, Key: objectKey(key), Body, ContentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
    }).done();
  };
  const head = (key: string) => client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
  const read = async (key: string) => {
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    if (!(Body instanceof Readable)) throw new Error(`no body for ${key}`);
    return Body;
  };

  return {
    kind: 's3',
    client,
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
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          const key = item.Key!.slice(prefix.length);
          if (key && !key.startsWith(`${TEMP_FOLDER}/`)) yield { key, bytes: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    signedUrl: (key, seconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key) }), { expiresIn: seconds }),
  };
}
