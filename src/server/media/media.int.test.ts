import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

const fixture = (name: string) =>
  readFile(fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url)));

describe('media uploads', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.ctx, { email: 'ann@example.com' });
    await createUser(t.ctx, { email: 'bob@example.com' });
    ann = await signIn(t.app, 'ann@example.com');
    bob = await signIn(t.app, 'bob@example.com');
    const image = sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
  });
  afterAll(() => t.close());

  const upload = (cookie: string, kind: string, filename: string, content: Buffer, field?: string) => {
    const body = multipart(filename, content, field);
    return t.app.inject({
      method: 'POST',
      url: `/api/media?kind=${kind}`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const filesOnDisk = async () => {
    const root = join(t.ctx.env.DATA_DIR, 'media');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  };

  it('keeps an image, with its size and a thumbnail, for its owner only', async () => {
    const res = await upload(ann, 'image', 'holiday.png', png);
    expect(res.statusCode).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({
      kind: 'image',
      name: 'holiday.png',
      mime: 'image/png',
      width: 800,
      height: 600,
      bytes: png.length,
      durationSeconds: null,
    });
    const original = await t.app.inject({ url: media.url, headers: { cookie: ann } });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await t.app.inject({ url: media.thumbnailUrl, headers: { cookie: ann } });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 240,
    });
    expect((await t.app.inject({ url: media.url, headers: { cookie: bob } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: media.url, headers: { cookie: bob } })).statusCode,
    ).toBe(404);
  });

  it('judges a file by its bytes, not its name', async () => {
    const jpegNamedPng = await upload(ann, 'image', 'photo.png', jpeg);
    expect(jpegNamedPng.json()).toMatchObject({ mime: 'image/jpeg' });
    const textNamedJpg = await upload(ann, 'image', 'notes.jpg', Buffer.from('just some text, not an image'));
    expect(textNamedJpg.statusCode).toBe(400);
    expect(textNamedJpg.json()).toMatchObject({
      code: 'MEDIA_TYPE',
      message: 'notes.jpg is not a supported image type.',
      params: { file: 'notes.jpg' },
    });
    const bmp = await upload(ann, 'image', 'old.bmp', await sharp(png).toFormat('tiff').toBuffer());
    expect(bmp.json().code).toBe('MEDIA_TYPE');
  });

  it('refuses empty, truncated and oversize files and leaves nothing on disk', async () => {
    const before = await filesOnDisk();
    const empty = await upload(ann, 'image', 'empty.png', Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ code: 'MEDIA_TYPE' });
    const truncated = await upload(ann, 'image', 'cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.json()).toMatchObject({
      code: 'MEDIA_UNREADABLE',
      message: 'Failed to add cut.jpg. Please try again.',
    });
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(ann, 'image', 'huge.png', big);
    expect(tooBig.json()).toMatchObject({
      code: 'MEDIA_TOO_LARGE',
      message: 'huge.png exceeds the 5MB size limit.',
      params: { file: 'huge.png', max: 5 },
    });
    expect(await filesOnDisk()).toEqual(before);
  });

  it('reads a video’s duration and size, and refuses a file that only claims to be one', async () => {
    const clip = await fixture('clip.mp4');
    const res = await upload(ann, 'video', 'clip.mp4', clip);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      width: 64,
      height: 48,
      thumbnailUrl: null,
    });
    expect(res.json().durationSeconds).toBeCloseTo(1, 1);
    const fake = await upload(ann, 'video', 'movie.mp4', png);
    expect(fake.json()).toMatchObject({
      code: 'MEDIA_TYPE',
      message: 'movie.mp4 is not a supported video type.',
    });
    const broken = await upload(ann, 'video', 'broken.mp4', clip.subarray(0, 600));
    expect(broken.json().code).toMatch(/MEDIA_UNREADABLE|MEDIA_TYPE/);
  });

  it('names what is wrong with the request itself', async () => {
    expect((await upload(ann, 'audio', 'a.png', png)).json().fields).toEqual({ kind: 'errors.validation' });
    expect((await upload(ann, 'image', 'a.png', png, 'attachment')).json().fields).toEqual({
      file: 'errors.validation',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media?kind=image',
      headers: { cookie: ann },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('deletes a file and its thumbnail', async () => {
    const media = (await upload(ann, 'image', 'gone.png', png)).json();
    const before = (await filesOnDisk()).length;
    expect(
      (await t.app.inject({ method: 'DELETE', url: media.url, headers: { cookie: ann } })).statusCode,
    ).toBe(204);
    expect((await filesOnDisk()).length).toBe(before - 2);
    expect((await t.app.inject({ url: media.url, headers: { cookie: ann } })).statusCode).toBe(404);
  });
});
