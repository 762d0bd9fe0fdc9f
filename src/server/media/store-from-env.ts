import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { createDiskStore, type MediaStore, TEMP_FOLDER } from './media.store';
import { createS3Store } from './s3.store';

type StoreEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

/** The media store this configuration names: the bucket when S3_BUCKET is set, else `DATA_DIR/media`. */
export function mediaStoreFromEnv(env: StoreEnv, logger?: Pick<FastifyBaseLogger, 'error'>): MediaStore {
  if (!env.S3_BUCKET) return createDiskStore(join(env.DATA_DIR, 'media'));
  return createS3Store({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    tempDir: join(env.DATA_DIR, TEMP_FOLDER),
    onError: (error, key) => logger?.error({ err: error, key }, 'a call to the media storage failed'),
  });
}
