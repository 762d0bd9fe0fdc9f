import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/posts.schemas';
import { startInstagramFake, type InstagramFake } from '../../../../test/fakes/instagram';
import { startTiktokFake, type TiktokFake } from '../../../../test/fakes/tiktok';
import {
  callAs,
  connectOAuth,
  createListeningTestApp,
  postBody,
  uploadMedia,
  getPost,
  waitUntilSettled,
  type Call,
} from '../../../../test/publishing-helpers';
import { signedInUsers, type TestApp } from '../../../../test/test-app';
import { createInstagramAdapter } from '../../platforms/instagram/instagram.adapter';
import { createTiktokAdapter } from '../../platforms/tiktok/tiktok.adapter';
import { probeVideo } from '../probe';
import { findFfmpeg } from './ffmpeg';

const run = promisify(execFile);
let dir: string;
let clip: Buffer;

/** The edit every test sends: 0.5–4 s (TikTok and Instagram take nothing under 3 s), square, two captions. */
const EDITS = {
  trim: { start: 0.5, end: 4 },
  aspectRatio: '1:1',
  captions: [
    { text: 'Hello {{who}}', position: 'top', style: 'dark' },
    { text: "literal %{pts} ' : [x] ;", position: 'bottom', style: 'light' },
  ],
};

beforeAll(async () => {
  const ffmpeg = await findFfmpeg(undefined);
  dir = await mkdtemp(join(tmpdir(), 'postwell-render-publish-'));
  const path = join(dir, 'testsrc.mp4');
  await run(ffmpeg!, [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
  ]);
  clip = await readFile(path);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What a file received by a fake is, read back by ffprobe. */
async function probeBytes(bytes: Buffer) {
  const path = join(dir, `received-${Math.random().toString(36).slice(2)}.mp4`);
  await writeFile(path, bytes);
  return probeVideo(path);
}

describe('publishing an edited video', () => {
  let t: TestApp & { publicUrl: string };
  let tiktok: TiktokFake;
  let instagram: InstagramFake;
  let cookie: string;
  let ann: Call;
  const stops: (() => unknown)[] = [];
  /** Moves the app's clock (the sweep's hour); 0 is real time. */
  let offsetMs = 0;
  const userIdOf = async (mediaId: string) =>
    (await t.ctx.database.db.execute(sql`select user_id from media where id = ${mediaId}`)) as unknown as {
      rows: { user_id: string }[];
    };

  beforeAll(async () => {
    [tiktok, instagram] = await Promise.all([startTiktokFake(), startInstagramFake()]);
    t = await createListeningTestApp(
      { ...tiktok.env, ...instagram.env, PUBLISH_POLL_SECONDS: '0.5', RENDER_WAIT_SECONDS: '0.3' },
      {
        clock: () => new Date(Date.now() + offsetMs),
        adapters: {
          instagram: createInstagramAdapter(instagram.config, { pollIntervalMs: 20 }),
          tiktok: createTiktokAdapter(tiktok.config, { pollIntervalMs: 20 }),
        },
      },
    );
    ({ ann: cookie } = await signedInUsers(t, 'ann'));
    ann = callAs(t, cookie);
    await connectOAuth(ann, 'tiktok');
    await connectOAuth(ann, 'instagram');
    expect((await ann('PUT', '/api/variables/who', { value: 'world' })).statusCode).toBe(200);
    const publisher = t.ctx.publisher();
    const renderer = t.ctx.renderer();
    await publisher.start();
    await renderer.start();
    stops.push(publisher.stop, renderer.stop);
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await t?.close();
    await Promise.all([tiktok, instagram].map((fake) => fake?.close()));
  });

  it('sends the rendered file, trimmed and square, to a network that takes uploads and one that pulls', async () => {
    const { id } = await uploadMedia(t, cookie, 'video', 'source.mp4', clip);
    const created = await ann('POST', '/api/posts', {
      ...postBody({ text: 'An edited clip', platforms: ['tiktok', 'instagram'] }),
      media: [{ id, edits: EDITS }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = await waitUntilSettled(ann, created.json<Post>().id, 60_000);
    expect(post.targets.map((target) => [target.platform, target.status])).toEqual([
      ['instagram', 'published'],
      ['tiktok', 'published'],
    ]);
    // Waiting for the render cost no try.
    expect(post.targets.map((target) => target.attempts)).toEqual([1, 1]);
    expect(post.media[0]!.render).toEqual({ status: 'ready', error: null });

    const [sent] = tiktok.posts.filter((p) => p.text === 'An edited clip');
    const uploaded = await probeBytes(sent!.media[0]!);
    expect(uploaded!.durationSeconds).toBeGreaterThan(3.4);
    expect(uploaded!.durationSeconds).toBeLessThan(3.6);
    expect(uploaded!.width).toBe(360);
    expect(uploaded!.height).toBe(360);
    expect(sent!.media[0]!.equals(clip)).toBe(false);

    // Instagram fetched the render through its signed link, not the upload.
    const [pulled] = instagram.posts.filter((p) => p.caption === 'An edited clip');
    expect(pulled!.items[0]!.bytes.equals(sent!.media[0]!)).toBe(true);
  });

  it('reuses the render of the same source and edit (across uploads of the same bytes), and removes it once no waiting post uses it', async () => {
    const { id } = await uploadMedia(t, cookie, 'video', 'again.mp4', clip);
    const write = (text: string) =>
      ann('POST', '/api/posts', {
        ...postBody({ text, platforms: ['tiktok'], inMs: 60 * 60_000 }),
        media: [{ id, edits: { ...EDITS, captions: [{ text: 'Reused', position: 'top', style: 'light' }] } }],
      });
    const first = (await write('first')).json<Post>();
    const second = (await write('second')).json<Post>();
    const renders = (await t.ctx.database.db.execute(
      sql`select distinct render_id as id from post_media where post_id in (${first.id}, ${second.id})`,
    )) as unknown as { rows: { id: string }[] };
    expect(renders.rows).toHaveLength(1);
    // Due in an hour, its job waits until ten minutes before, when the render is wanted: be there now.
    expect((await getPost(ann, first.id)).media[0]!.render).toEqual({ status: 'pending', error: null });
    await t.ctx.renderer().handle(renders.rows[0]!.id);
    expect((await getPost(ann, first.id)).media[0]!.render).toEqual({ status: 'pending', error: null });
    offsetMs = 55 * 60_000;
    await t.ctx.renderer().handle(renders.rows[0]!.id);
    offsetMs = 0;
    for (const post of [first, second])
      expect((await getPost(ann, post.id)).media[0]!.render).toEqual({ status: 'ready', error: null });
    // Both posts deleted: the next sweep (past the hour a render is kept unused) removes it and its file.
    for (const post of [first, second])
      expect((await ann('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    const key = `renders/${(await userIdOf(id)).rows[0]!.user_id}/${renders.rows[0]!.id}.mp4`;
    expect(await t.ctx.mediaStore.exists(key)).toBe(true);
    await t.ctx.renderer().sweep();
    expect(await t.ctx.mediaStore.exists(key)).toBe(true);
    offsetMs = 2 * 60 * 60_000;
    await t.ctx.renderer().sweep();
    offsetMs = 0;
    expect(await t.ctx.mediaStore.exists(key)).toBe(false);
  });

  it('refuses at scheduling a trim that leaves TikTok less than it takes', async () => {
    const { id } = await uploadMedia(t, cookie, 'video', 'short.mp4', clip);
    const res = await ann('POST', '/api/posts', {
      ...postBody({ text: 'Too short once trimmed', platforms: ['tiktok'] }),
      media: [{ id, edits: { ...EDITS, trim: { start: 1, end: 3.5 } } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual([
      expect.objectContaining({ platform: 'tiktok', code: 'video_too_short', seconds: 2.5 }),
    ]);
  });
});

describe('without ffmpeg', () => {
  let t: TestApp & { publicUrl: string };
  let tiktok: TiktokFake;
  let ann: Call;
  let cookie: string;
  const stops: (() => unknown)[] = [];

  beforeAll(async () => {
    tiktok = await startTiktokFake();
    t = await createListeningTestApp(
      { ...tiktok.env, FFMPEG_PATH: join(tmpdir(), 'no-such-ffmpeg'), PUBLISH_POLL_SECONDS: '0.5' },
      { adapters: { tiktok: createTiktokAdapter(tiktok.config, { pollIntervalMs: 20 }) } },
    );
    ({ ann: cookie } = await signedInUsers(t, 'ann'));
    ann = callAs(t, cookie);
    await connectOAuth(ann, 'tiktok');
    const publisher = t.ctx.publisher();
    const renderer = t.ctx.renderer();
    await publisher.start();
    await renderer.start();
    stops.push(publisher.stop, renderer.stop);
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await t?.close();
    await tiktok?.close();
  });

  it('tells the web that editing needs ffmpeg, and fails an edited video with that reason', async () => {
    expect((await ann('GET', '/api/media/capabilities')).json()).toEqual({ videoEditing: false });
    const { id } = await uploadMedia(t, cookie, 'video', 'source.mp4', clip);
    const created = await ann('POST', '/api/posts', {
      ...postBody({ text: 'Needs ffmpeg', platforms: ['tiktok'] }),
      media: [{ id, edits: EDITS }],
    });
    const post = await waitUntilSettled(ann, created.json<Post>().id, 30_000);
    expect(post.targets[0]).toMatchObject({ status: 'failed', lastErrorCode: 'video_render_failed' });
    expect(post.targets[0]!.lastError).toContain('needs ffmpeg');
    expect(post.media[0]!.render).toEqual({ status: 'failed', error: 'no_ffmpeg' });
    expect(tiktok.posts).toHaveLength(0);
  });
});
