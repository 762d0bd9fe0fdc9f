import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, personalWorkspace, signIn, type TestApp } from '../../../test/test-app';
import type { SessionUser } from '../auth/session';
import { createMediaService } from './media.service';
import { createMinuteWindows } from '../http/minute-windows';

/** A valid all-black 1-bit PNG, made by hand: 31 KB for 256 megapixels, where sharp takes seconds. */
function blankPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13); // bit depth 1, greyscale, no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // each row: filter 0, then zero bits
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads that must be refused as the client's mistake (never a 500), leaving no file anywhere. */
describe('refused and broken uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let ann: string;
  let actor: SessionUser;
  let png: Buffer;

  beforeAll(async () => {
    // What an earlier run left in the temporary folder: one upload long dead, one still being written.
    dataDir = await mkdtemp(join(tmpdir(), 'postwell-media-'));
    const temp = join(dataDir, 'media', 'tmp');
    await mkdir(temp, { recursive: true });
    await writeFile(join(temp, 'dead-upload'), '');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(join(temp, 'dead-upload'), twoHoursAgo, twoHoursAgo);
    await writeFile(join(temp, 'live-upload'), 'still arriving');

    t = await createTestApp({ DATA_DIR: dataDir });
    const user = await createUser(t.ctx, { email: 'ann@example.com' });
    actor = {
      ...user,
      role: 'user',
      trialEndsAt: null,
      sessionId: 'none',
      workspace: await personalWorkspace(t.ctx, user.id),
    };
    ann = await signIn(t.app, 'ann@example.com');
    png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (payload: Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/media?kind=image',
      headers: { cookie: ann, 'content-type': contentType },
      payload,
    });
  const upload = (filename: string, content: Buffer) => {
    const body = multipart(filename, content);
    return post(body.payload, body.headers['content-type']);
  };
  const filesOnDisk = async () => {
    const entries = await readdir(join(dataDir, 'media'), { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dataDir.length))
      .sort();
  };

  it('cleared the temporary folder of a dead upload at start, and left the live one', async () => {
    expect(await filesOnDisk()).toEqual(['/media/tmp/live-upload']);
  });

  it('keeps a file whose name holds NUL and other control characters under a cleaned name', async () => {
    const res = await upload('holi\u0000day\u0007\u202e.png', png);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('holiday.png');
    expect(await filesOnDisk()).toContain(`/media/${actor.id}/${res.json().id}.png`);
  });

  it('answers 400 for multipart without a boundary, or cut off before its end, and leaves nothing', async () => {
    const before = await filesOnDisk();
    const whole = multipart('cut.png', png);
    const noBoundary = await post(whole.payload, 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ code: 'MALFORMED_MULTIPART' });
    for (const end of [whole.payload.length - 10, 200, 120]) {
      const cut = await post(whole.payload.subarray(0, end), whole.headers['content-type']);
      expect(cut.statusCode, `cut at ${end} bytes`).toBe(400);
      expect(cut.json()).toMatchObject({ statusCode: 400, code: 'MALFORMED_MULTIPART' });
    }
    const protoName = multipart('a.png', png, 'constructor');
    expect((await post(protoName.payload, protoName.headers['content-type'])).json()).toMatchObject({
      statusCode: 400,
      code: 'MALFORMED_MULTIPART',
    });
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a video ffprobe cannot read with the spec’s message, and keeps nothing of it', async () => {
    const before = await filesOnDisk();
    // An MP4 header (its ftyp box, so the bytes pass as video/mp4) over noise ffprobe cannot decode.
    const ftyp = Buffer.from('0000001c667479706973766d0000020069736f6d69736f32617663310000', 'hex');
    const noise = Buffer.alloc(4096, 0x5a);
    const body = multipart('holiday.mp4', Buffer.concat([ftyp, noise]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media?kind=video',
      headers: { cookie: ann, 'content-type': body.headers['content-type'] },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'MEDIA_UNREADABLE',
      message: 'Failed to add holiday.mp4. Please try again.',
      params: { file: 'holiday.mp4' },
    });
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses an image of more than 40 megapixels from its header, quickly, with a message in the spec’s form', async () => {
    const huge = blankPng(16000, 16000);
    const before = await filesOnDisk();
    const started = performance.now();
    const res = await upload('panorama.png', huge);
    // Decoding these 256 megapixels takes ~9 s here; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'MEDIA_TOO_MANY_PIXELS',
      message: 'panorama.png exceeds the 40 megapixel size limit.',
      params: { file: 'panorama.png', maxMegapixels: 40 },
    });
    expect(await filesOnDisk()).toEqual(before);
  });

  it('removes the kept file and its thumbnail when the row cannot be written', async () => {
    const before = await filesOnDisk();
    const failing = createMediaService({
      repo: {
        ...t.ctx.mediaRepo,
        insertWithinQuota: () => Promise.reject(new Error('the database went away')),
      },
      store: t.ctx.mediaStore,
      links: t.ctx.mediaLinks,
      renders: t.ctx.rendersRepo,
      quotaBytes: 1024 ** 3,
      uploadRate: createMinuteWindows(1024 ** 3, () => new Date()),
    });
    await expect(
      failing.upload(actor, 'image', { filename: 'lost.png', stream: Readable.from([png]) }),
    ).rejects.toThrow('the database went away');
    expect(await filesOnDisk()).toEqual(before);
  });
});
