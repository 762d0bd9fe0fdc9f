import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('has working defaults for a fresh clone', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://social.example.com/' }).PUBLIC_URL).toBe(
      'https://social.example.com',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lists every bad variable in one readable error', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /PORT[\s\S]*DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });

  it('reads the S3 store settings, and refuses half of them', () => {
    const env = loadEnv({
      S3_BUCKET: 'postwell-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'team/a',
      S3_MEDIA_LINKS: 'presigned',
    });
    expect(env).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      S3_MEDIA_LINKS: 'presigned',
    });
    expect(loadEnv({}).S3_MEDIA_LINKS).toBe('app');
    expect(() => loadEnv({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET is required when any other S3_ variable is set/,
    );
    expect(() => loadEnv({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadEnv({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    for (const prefix of ['../up', 'a//b', '/abs', 'a/../b'])
      expect(() => loadEnv({ S3_BUCKET: 'b-1', S3_PREFIX: prefix }), prefix).toThrow(/S3_PREFIX must be/);
    expect(() => loadEnv({ S3_BUCKET: 'b-1', S3_MEDIA_LINKS: 'public' })).toThrow(/S3_MEDIA_LINKS/);
  });
});
