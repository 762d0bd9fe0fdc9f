import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, signedInUsers, type TestApp } from '../../../test/test-app';
import { findFfmpeg } from './render/ffmpeg';

const run = promisify(execFile);

/** Source videos no network takes are refused at upload, and nothing of them is kept (decision 033). */
describe('uploads of videos past every network’s limits', () => {
  let t: TestApp;
  let dataDir: string;
  let ann: string;
  let ffmpeg: string;

  /** A tiny H.264 MP4 of a flat colour: `size`, `rate` frames per second, `seconds` long. */
  const clip = async (name: string, size: string, rate: number, seconds: number) => {
    const path = join(dataDir, `${name}.mp4`);
    await run(ffmpeg, [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `color=c=black:size=${size}:rate=${rate}:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path],
    ]);
    return readFile(path);
  };
  const upload = (filename: string, content: Buffer) => {
    const body = multipart(filename, content);
    return t.app.inject({
      method: 'POST',
      url: '/api/media?kind=video',
      headers: { cookie: ann, 'content-type': body.headers['content-type'] },
      payload: body.payload,
    });
  };
  /** Files in the media store and its temporary folder. */
  const stored = async () =>
    (await readdir(join(dataDir, 'data', 'media'), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  const rows = async () =>
    (
      (await t.ctx.database.db.execute(sql`select original_name from media`)) as unknown as {
        rows: { original_name: string }[];
      }
    ).rows.map((row) => row.original_name);

  beforeAll(async () => {
    ffmpeg = (await findFfmpeg(undefined))!;
    dataDir = await mkdtemp(join(tmpdir(), 'postwell-video-bounds-'));
    t = await createTestApp({ DATA_DIR: join(dataDir, 'data') });
    ({ ann } = await signedInUsers(t, 'ann'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    {
      what: 'longer than 30 minutes (the longest any network takes)',
      make: () => clip('long', '16x16', 1, 1900),
      code: 'MEDIA_VIDEO_TOO_LONG',
      message: 'long.mp4 is longer than 30 minutes, the most any network takes.',
      params: { file: 'long.mp4', maxMinutes: 30 },
    },
    {
      what: 'wider than 4096 pixels',
      make: () => clip('wide', '4112x16', 1, 1),
      code: 'MEDIA_VIDEO_FRAME_TOO_LARGE',
      message: 'wide.mp4 is larger than 4096 pixels on a side, the most any network takes.',
      params: { file: 'wide.mp4', maxSide: 4096 },
    },
    {
      what: 'above 60 frames per second',
      make: () => clip('fast', '16x16', 120, 1),
      code: 'MEDIA_VIDEO_FRAME_RATE',
      message: 'fast.mp4 has more than 60 frames per second, the most any network takes.',
      params: { file: 'fast.mp4', maxFps: 60 },
    },
  ])('refuses a video $what with a 400 naming the limit, and keeps nothing', async (c) => {
    const bytes = await c.make();
    const res = await upload(c.params.file, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: c.code, message: c.message, params: c.params });
    expect(await stored()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('keeps a video at the limits: 30 minutes, 4096 pixels, 60 frames per second', async () => {
    const res = await upload('edge.mp4', await clip('edge', '4096x16', 60, 2));
    expect(res.statusCode, res.body).toBe(201);
    const long = await upload('half-hour.mp4', await clip('half-hour', '16x16', 1, 1800));
    expect(long.statusCode, long.body).toBe(201);
    expect((await rows()).sort()).toEqual(['edge.mp4', 'half-hour.mp4']);
  });
});
