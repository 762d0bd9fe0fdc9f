import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstagramFake, type InstagramFake } from '../../../test/fakes/instagram';
import { startS3Fake, type S3Fake } from '../../../test/fakes/s3';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import {
  callAs,
  connectOAuth,
  createListeningTestApp,
  createPost,
  freePort,
  makeImage,
  postBody,
  uploadClip,
  uploadImage,
  waitUntilSettled,
  type Call,
} from '../../../test/publishing-helpers';
import { personalWorkspace, signedInUsers, type TestApp } from '../../../test/test-app';
import { createInstagramAdapter } from '../platforms/instagram/instagram.adapter';
import type { SessionUser } from '../auth/session';
import { createMediaService } from './media.service';
import { createMinuteWindows } from '../http/minute-windows';
import { probeVideo } from './probe';
import { createS3Store } from './s3.store';

const PREFIX = 'team-a';

/**
 * Media in an S3-compatible bucket (s3rver on 127.0.0.1) on PGlite, in one process: uploads, thumbnails
 * and renders go to the bucket under S3_PREFIX, never to the data folder; the publisher reads them from
 * there (X receives the bytes), and Instagram pulls videos and JPEGs from the bucket's pre-signed URLs.
 */
describe('media in an S3-compatible bucket', () => {
  let s3: S3Fake;
  let x: XFake;
  let instagram: InstagramFake;
  let t: TestApp & { publicUrl: string };
  let cookie: string;
  let ann: Call;
  const stops: (() => unknown)[] = [];

  beforeAll(async () => {
    [s3, x, instagram] = await Promise.all([startS3Fake(), startXFake(), startInstagramFake()]);
    t = await createListeningTestApp(
      {
        ...s3.env,
        ...x.env,
        ...instagram.env,
        S3_PREFIX: PREFIX,
        S3_MEDIA_LINKS: 'presigned',
        PUBLISH_POLL_SECONDS: '0.5',
        RENDER_WAIT_SECONDS: '0.3',
      },
      { adapters: { instagram: createInstagramAdapter(instagram.config, { pollIntervalMs: 20 }) } },
    );
    ({ ann: cookie } = await signedInUsers(t, 'ann'));
    ann = callAs(t, cookie);
    await connectOAuth(ann, 'twitter');
    await connectOAuth(ann, 'instagram');
    const publisher = t.ctx.publisher();
    const renderer = t.ctx.renderer();
    await publisher.start();
    await renderer.start();
    stops.push(publisher.stop, renderer.stop);
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await t?.close();
    await Promise.all([s3, x, instagram].map((fake) => fake?.close()));
  });

  const dataDir = () => t.ctx.env.DATA_DIR;
  /** What is left in the local folder for files in progress and downloads. */
  const localTemp = async () => (await readdir(join(dataDir(), 'tmp')).catch(() => [])).sort();

  it('keeps uploads and thumbnails in the bucket under the prefix, serves them, and deletes them', async () => {
    const png = await uploadImage(t, cookie, 'png', 3);
    const clip = await uploadClip(t, cookie);
    const keys = await s3.keys();
    const { rows } = await t.ctx.database.executeSql('select user_id from media where id = $1', [
      png.media.id,
    ]);
    const userId = (rows as { user_id: string }[])[0]!.user_id;
    expect(keys).toEqual(
      [
        `${PREFIX}/${userId}/${png.media.id}.png`,
        `${PREFIX}/${userId}/${png.media.id}.thumb.webp`,
        `${PREFIX}/${userId}/${clip.media.id}.mp4`,
      ].sort(),
    );
    expect(existsSync(join(dataDir(), 'media'))).toBe(false);
    expect(await localTemp()).toEqual([]);

    const original = await ann('GET', `/api/media/${png.media.id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png.bytes)).toBe(true);
    const video = await ann('GET', `/api/media/${clip.media.id}`);
    expect(video.rawPayload.equals(clip.bytes)).toBe(true);
    const thumbnail = await ann('GET', `/api/media/${png.media.id}/thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    expect((await ann('DELETE', `/api/media/${png.media.id}`)).statusCode).toBe(204);
    expect(await s3.keys()).toEqual([`${PREFIX}/${userId}/${clip.media.id}.mp4`]);
    expect((await ann('GET', `/api/media/${png.media.id}`)).statusCode).toBe(404);
  });

  it('publishes from the bucket: X gets the bytes, Instagram pulls pre-signed URLs or our JPEG link', async () => {
    const png = await uploadImage(t, cookie, 'png', 21);
    const jpeg = await uploadImage(t, cookie, 'jpeg', 22);
    const clip = await uploadClip(t, cookie);

    const toX = 'Two pictures from the bucket';
    const xPost = await waitUntilSettled(
      ann,
      (
        await createPost(ann, {
          text: toX,
          platforms: ['twitter'],
          media: [{ id: png.media.id }, { id: jpeg.media.id }],
        })
      ).id,
    );
    expect(xPost.targets.map((target) => target.status)).toEqual(['published']);
    const [tweet] = x.postsWithText(toX);
    expect(tweet!.media.map((m) => m.data.equals(m.mime === 'image/png' ? png.bytes : jpeg.bytes))).toEqual([
      true,
      true,
    ]);

    const toInstagram = 'A carousel from the bucket';
    const igPost = await waitUntilSettled(
      ann,
      (
        await createPost(ann, {
          text: toInstagram,
          platforms: ['instagram'],
          media: [{ id: png.media.id }, { id: jpeg.media.id }, { id: clip.media.id }],
        })
      ).id,
    );
    expect(igPost.targets.map((target) => [target.status, target.lastError])).toEqual([['published', null]]);
    const [carousel] = instagram.posts.filter((p) => p.caption === toInstagram);
    const [pngItem, jpegItem, clipItem] = carousel!.items;
    // The PNG needs a JPEG rendition: our signed link makes it (from the bucket).
    expect(pngItem!.url.startsWith(`${t.publicUrl}/api/media/public/${png.media.id}?`)).toBe(true);
    expect(new URL(pngItem!.url).searchParams.get('format')).toBe('jpeg');
    // The JPEG and the video are fetched from the bucket itself, with a pre-signed URL.
    for (const item of [jpegItem, clipItem]) {
      expect(item!.url.startsWith(`${s3.endpoint}/${s3.bucket}/${PREFIX}/`)).toBe(true);
      expect(new URL(item!.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(jpegItem!.bytes.equals(jpeg.bytes)).toBe(true);
    expect(clipItem!.bytes.equals(clip.bytes)).toBe(true);
    // Downloads made for the publish calls are gone.
    expect(await localTemp()).toEqual([]);
  });

  it('renders an edited video into the bucket and publishes the render', async () => {
    const clip = await uploadClip(t, cookie);
    const text = 'An edited clip from the bucket';
    const created = await ann('POST', '/api/posts', {
      ...postBody({ text, platforms: ['twitter'] }),
      media: [
        { id: clip.media.id, edits: { trim: { start: 0.5, end: 3.5 }, aspectRatio: '1:1', captions: [] } },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = await waitUntilSettled(ann, created.json<{ id: string }>().id, 60_000);
    expect(post.targets.map((target) => [target.status, target.lastError])).toEqual([['published', null]]);
    const renders = (await s3.keys()).filter((key) => key.startsWith(`${PREFIX}/renders/`));
    expect(renders).toHaveLength(1);
    const [tweet] = x.postsWithText(text);
    const received = join(dataDir(), 'received.mp4');
    await writeFile(received, tweet!.media[0]!.data);
    const info = await probeVideo(received);
    expect(info!.width).toBe(info!.height);
    expect(info!.durationSeconds).toBeCloseTo(3, 0);
    expect(existsSync(join(dataDir(), 'media'))).toBe(false);
  }, 90_000);

  it('answers 503 when the bucket cannot be reached, and 404 for a file gone from it', async () => {
    const logged: unknown[] = [];
    const down = createS3Store({
      endpoint: `http://127.0.0.1:${await freePort()}`,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      tempDir: join(dataDir(), 'tmp'),
      onError: (error) => logged.push(error),
    });
    const media = createMediaService({
      repo: t.ctx.mediaRepo,
      store: down,
      links: t.ctx.mediaLinks,
      renders: t.ctx.rendersRepo,
      quotaBytes: 1024 ** 3,
      uploadRate: createMinuteWindows(1024 ** 3, () => new Date()),
    });
    const png = await makeImage('png', 5);
    const annId = (await t.ctx.usersRepo.findByEmail('ann@example.com'))!.id;
    const actor = { id: annId, workspace: await personalWorkspace(t.ctx, annId) } as SessionUser;
    await expect(
      media.upload(actor, 'image', { filename: 'down.png', stream: Readable.from([png]) }),
    ).rejects.toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE' });
    expect(logged.length).toBeGreaterThan(0);
    expect(await localTemp()).toEqual([]);

    // A file whose object went missing from the bucket: 404, not 500.
    const kept = await uploadImage(t, cookie, 'png', 6);
    for (const key of await s3.keys()) if (key.includes(kept.media.id)) await s3.remove(key);
    const gone = await ann('GET', `/api/media/${kept.media.id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses keys that would leave the prefix or reach the files in progress', async () => {
    const store = t.ctx.mediaStore;
    for (const key of ['../other/file', 'a/../../b', '/abs', 'tmp/x', 'a//b', '', 'a\\..\\b', 'a/./b'])
      await expect(store.read(key), key).rejects.toThrow('storage key leaves the media folder');
    await expect(store.write('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'storage key leaves the media folder',
    );
    expect((await s3.keys()).every((key) => key.startsWith(`${PREFIX}/`))).toBe(true);
  });
});
