import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/posts.schemas';
import { createFakeFfmpeg, type FakeFfmpegRun, isRunning } from '../../../../test/fakes/ffmpeg';
import {
  type Call,
  callAs,
  clipPath,
  postBody,
  uploadClip,
  waitFor,
} from '../../../../test/publishing-helpers';
import { createTestApp, signedInUsers } from '../../../../test/test-app';
import { createRenderer, type Renderer, type RendererOptions } from './renderer';

/**
 * Renders that stop and have bounds (decision 033), with a fake ffmpeg (test/fakes/ffmpeg.ts) that
 * takes as long as a test says and, when told, ignores SIGTERM as a stuck ffmpeg would.
 */

/** An edit that needs a render: 3.5 s, square, with a caption that makes each render distinct. */
const edits = (caption: string) => ({
  trim: { start: 0, end: 3.5 },
  aspectRatio: '1:1',
  captions: [{ text: caption, position: 'top', style: 'dark' }],
});

let dir: string;
let fake: Awaited<ReturnType<typeof createFakeFfmpeg>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postwell-render-bounds-'));
  fake = await createFakeFfmpeg(dir, clipPath);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A test app whose ffmpeg is the fake, with users signed in and a clip uploaded by each. */
async function setUp(...names: string[]) {
  const dataDir = await mkdtemp(join(dir, 'data-'));
  const t = await createTestApp({ FFMPEG_PATH: fake.path, DATA_DIR: dataDir });
  const cookies = await signedInUsers(t, ...names);
  const users: Record<string, { call: Call; cookie: string; mediaId: string }> = {};
  for (const name of names) {
    const cookie = cookies[name]!;
    users[name] = { call: callAs(t, cookie), cookie, mediaId: (await uploadClip(t, cookie)).media.id };
  }
  const db = t.ctx.database.db;
  return {
    t,
    users,
    dataDir,
    /** Schedules a LinkedIn post of the user's clip with its own caption, due in `inMs`; its render id. */
    async schedule(name: string, caption: string, inMs = 60_000) {
      const { call, mediaId } = users[name]!;
      const res = await call('POST', '/api/posts', {
        ...postBody({ text: caption, platforms: ['linkedin'], inMs }),
        media: [{ id: mediaId, edits: edits(caption) }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const post = res.json<Post>();
      const [row] = rowsOf<{ render_id: string }>(
        await db.execute(sql`select render_id from post_media where post_id = ${post.id}`),
      );
      return { post, renderId: row!.render_id };
    },
    async render(renderId: string) {
      const [row] = rowsOf<{ status: string; error: string | null }>(
        await db.execute(sql`select status, error from video_renders where id = ${renderId}`),
      );
      return row;
    },
    /** The render-video jobs still to run for `renderId`, by when they start. */
    async jobsOf(renderId: string) {
      return rowsOf<{ start_after: string }>(
        await db.execute(sql`select start_after from pgboss.job where name = 'render-video'
          and data->>'renderId' = ${renderId} and state = 'created' order by start_after`),
      ).map((job) => new Date(job.start_after));
    },
    /** The temporary files of renders still on disk. */
    async renderTemps() {
      const entries = await readdir(join(dataDir, 'media', 'tmp'), { recursive: true }).catch(() => []);
      return entries.filter((entry) => String(entry).includes('render-'));
    },
  };
}

/** The fake's run for `renderId`, once it has begun. */
const runOf = (renderId: string, ms = 15_000) =>
  waitFor(
    async () => (await fake.runs()).find((run) => run.output.includes(renderId)),
    ms,
    'ffmpeg to start',
  );
const gone = (run: FakeFfmpegRun, ms = 8_000) =>
  waitFor(async () => (isRunning(run.pid) ? undefined : true), ms, `ffmpeg ${run.pid} to be gone`);

describe('a render nothing wants any more is stopped, whichever process changed it', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let renderer: Renderer;

  beforeAll(async () => {
    s = await setUp('ann');
    // The periodic check is far off: what stops these renders is the change notice.
    renderer = s.t.ctx.renderer({ concurrency: 4, recheckMs: 10 * 60_000 });
    await renderer.start();
    // Stuck: only SIGKILL ends it.
    await fake.behave({ sleepMs: 120_000, ignoreTerm: true });
  });
  afterAll(async () => {
    renderer?.stop();
    await s?.t.close();
  });

  it('when its post is cancelled: ffmpeg is killed, its files removed, and the render is cancelled', async () => {
    const { post, renderId } = await s.schedule('ann', 'cancelled post');
    const run = await runOf(renderId);
    expect(isRunning(run.pid)).toBe(true);
    expect((await s.users.ann!.call('POST', `/api/posts/${post.id}/cancel`)).statusCode).toBe(200);
    await gone(run);
    await waitFor(async () => ((await s.render(renderId))?.status === 'cancelled' ? true : undefined));
    expect(await s.render(renderId)).toEqual({ status: 'cancelled', error: null });
    expect(await s.renderTemps()).toEqual([]);
    // Post details say nothing about it: no failure, no render in progress.
    const shown = (await s.users.ann!.call('GET', `/api/posts/${post.id}`)).json<Post>();
    expect(shown.media[0]!.render).toEqual({ status: 'cancelled', error: null });
  });

  it('when its post is deleted', async () => {
    const { post, renderId } = await s.schedule('ann', 'deleted post');
    const run = await runOf(renderId);
    expect((await s.users.ann!.call('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    await gone(run);
    await waitFor(async () => ((await s.render(renderId))?.status === 'cancelled' ? true : undefined));
  });

  it('not when its upload is to be deleted: the post holds it (issue 27), so the delete is refused', async () => {
    const { post, renderId } = await s.schedule('ann', 'kept upload');
    const run = await runOf(renderId);
    const refused = await s.users.ann!.call('DELETE', `/api/media/${s.users.ann!.mediaId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MEDIA_IN_USE' });
    expect((await s.render(renderId))?.status).not.toBe('cancelled');
    // Once the post is gone, the upload goes too, and its render with it.
    expect((await s.users.ann!.call('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    await gone(run);
    expect((await s.users.ann!.call('DELETE', `/api/media/${s.users.ann!.mediaId}`)).statusCode).toBe(204);
    expect(await s.render(renderId)).toBeUndefined();
    await waitFor(async () => ((await s.renderTemps()).length ? undefined : true), 5_000, 'temp files to go');
    s.users.ann!.mediaId = (await uploadClip(s.t, s.users.ann!.cookie)).media.id;
  });

  it('when its post moves out of the lead window: pending again, its job at the new time', async () => {
    const { post, renderId } = await s.schedule('ann', 'moved post');
    const run = await runOf(renderId);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const moved = await s.users.ann!.call('POST', `/api/posts/${post.id}/reschedule`, { date: tomorrow });
    expect(moved.statusCode, moved.body).toBe(200);
    await gone(run);
    await waitFor(async () => ((await s.render(renderId))?.status === 'pending' ? true : undefined));
    const due = new Date(moved.json<Post>().scheduledAt!).getTime() - 10 * 60_000;
    const jobs = await s.jobsOf(renderId);
    expect(jobs.map((at) => Math.abs(at.getTime() - due) < 5_000)).toContain(true);
  });
});

describe('without change notices, and past its time bound', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let renderer: Renderer;

  beforeAll(async () => {
    s = await setUp('ann');
    const { ctx } = s.t;
    // No change feed: notices are lost; the check every 300 ms finds what changed. Bound: 1.5 s per
    // second of output (5.25 s).
    renderer = createRenderer(
      {
        repo: ctx.rendersRepo,
        queue: ctx.queue,
        store: ctx.mediaStore,
        ffmpeg: ctx.ffmpeg,
        logger: ctx.logger,
        clock: ctx.clock,
      },
      { concurrency: 2, leadMs: 10 * 60_000, timeoutBaseMs: 0, timeoutPerOutputSecond: 1.5, recheckMs: 300 },
    );
    await renderer.start();
    await fake.behave({ sleepMs: 120_000, ignoreTerm: true });
  });
  afterAll(async () => {
    renderer?.stop();
    await s?.t.close();
  });

  it('the periodic check stops a render whose post was cancelled', async () => {
    const { post, renderId } = await s.schedule('ann', 'cancelled, unheard');
    const run = await runOf(renderId);
    expect((await s.users.ann!.call('POST', `/api/posts/${post.id}/cancel`)).statusCode).toBe(200);
    await gone(run, 8_000);
    await waitFor(async () => ((await s.render(renderId))?.status === 'cancelled' ? true : undefined));
  });

  it('a render past its time bound is killed and failed as `timeout`, which the post shows', async () => {
    const { post, renderId } = await s.schedule('ann', 'too slow');
    const run = await runOf(renderId);
    await gone(run, 15_000);
    // 3.5 s of output at 1.5 s each, then SIGTERM's grace of 2 s (this ffmpeg ignores SIGTERM).
    expect(Date.now() - run.at).toBeGreaterThan(5_000);
    await waitFor(async () => ((await s.render(renderId))?.status === 'failed' ? true : undefined));
    const shown = (await s.users.ann!.call('GET', `/api/posts/${post.id}`)).json<Post>();
    expect(shown.media[0]!.render).toEqual({ status: 'failed', error: 'timeout' });
    expect(await s.renderTemps()).toEqual([]);
  });
});

describe('render slots are shared fairly between users', () => {
  /** The users whose renders were claimed, in the order the database gave out the slots. */
  const startOrder = async (s: Awaited<ReturnType<typeof setUp>>, owners: Map<string, string>) => {
    const claimed = await waitFor(
      async () => {
        const rows = rowsOf<{ id: string }>(
          await s.t.ctx.database.db.execute(sql`select id from video_renders
            where id = any(${sql.param([...owners.keys()])}::uuid[]) and started_at is not null
            order by started_at`),
        );
        return rows.length === owners.size ? rows : undefined;
      },
      30_000,
      'every render to begin',
    );
    return claimed.map((row) => owners.get(row.id)!);
  };

  it('one worker: a user with many renders queued does not hold up another user’s one', async () => {
    const s = await setUp('ann', 'bob');
    try {
      await fake.behave({ sleepMs: 50 });
      const owners = new Map<string, string>();
      // Ann queues four, then Bob one: the jobs come in that order.
      const hints: string[] = [];
      for (const [name, caption] of [
        ['ann', 'a1'],
        ['ann', 'a2'],
        ['ann', 'a3'],
        ['ann', 'a4'],
        ['bob', 'b1'],
      ] as const) {
        const { renderId } = await s.schedule(name, caption);
        owners.set(renderId, name);
        hints.push(renderId);
      }
      // One slot taking the jobs in their order, as one worker with RENDER_CONCURRENCY=1 does.
      const renderer = s.t.ctx.renderer({ concurrency: 1 });
      for (const hint of hints) await renderer.handle(hint);
      expect(await startOrder(s, owners)).toEqual(['ann', 'bob', 'ann', 'ann', 'ann']);
      for (const id of owners.keys()) expect((await s.render(id))?.status).toBe('ready');
    } finally {
      await s.t.close();
    }
  });

  it('two workers: the database decides, so Bob’s render takes the second slot', async () => {
    const s = await setUp('ann', 'bob');
    const renderers: Renderer[] = [];
    try {
      await fake.behave({ sleepMs: 400 });
      const owners = new Map<string, string>();
      for (const [name, caption] of [
        ['ann', 'c1'],
        ['ann', 'c2'],
        ['ann', 'c3'],
        ['ann', 'c4'],
        ['ann', 'c5'],
        ['bob', 'd1'],
      ] as const)
        owners.set((await s.schedule(name, caption)).renderId, name);
      const options: Partial<RendererOptions> = { concurrency: 1 };
      renderers.push(s.t.ctx.renderer(options), s.t.ctx.renderer(options));
      await Promise.all(renderers.map((renderer) => renderer.start()));
      const order = await startOrder(s, owners);
      expect(order.slice(0, 2).sort()).toEqual(['ann', 'bob']);
      await waitFor(async () => {
        const statuses = await Promise.all([...owners.keys()].map((id) => s.render(id)));
        return statuses.every((row) => row?.status === 'ready') ? true : undefined;
      }, 30_000);
    } finally {
      for (const renderer of renderers) renderer.stop();
      await s.t.close();
    }
  });
});
