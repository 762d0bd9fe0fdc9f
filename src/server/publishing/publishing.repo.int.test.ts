import { sql as q } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPublishScheduler, publishTargetJob } from './publish.job';
import { createPublishingRepo, type PublishingRepo } from './publishing.repo';

describe('claiming and finishing targets in groups', () => {
  let t: TestApp;
  let repo: PublishingRepo;
  const sql = (text: string, params: unknown[] = []) =>
    t.ctx.database.executeSql(text, params).then((r) => r.rows as Record<string, unknown>[]);

  beforeAll(async () => {
    t = await createTestApp();
    repo = createPublishingRepo(t.ctx.database.db, createPublishScheduler(t.ctx.queue));
    await sql(`insert into users (id, name, email, email_verified, role, created_at, updated_at)
               values ('u-group', 'G', 'group@example.com', true, 'user', now(), now())`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A scheduled post due `inMs` from now with one pending target per network; returns target ids. */
  const post = async (platforms: string[], inMs = -1000) => {
    const [row] = await sql(
      `insert into posts (user_id, content_html, status, scheduled_at, timezone)
       values ('u-group', '<p>hi</p>', 'scheduled', now() + $1 * interval '1 millisecond', 'UTC') returning id`,
      [inMs],
    );
    const targets = await sql(
      `insert into post_targets (post_id, platform) select $1, p from unnest($2::text[]) p returning id`,
      [row!.id, platforms],
    );
    return { postId: row!.id as string, targetIds: targets.map((r) => r.id as string) };
  };
  const statusOf = async (postId: string) =>
    (await sql(`select status from posts where id = $1`, [postId]))[0]!.status;

  it('claims every due target of a group in one go, none twice, and none that is not due', async () => {
    const a = await post(['twitter', 'bluesky']);
    const b = await post(['linkedin']);
    const later = await post(['twitter'], 60 * 60_000);
    const ids = [...a.targetIds, ...b.targetIds, ...later.targetIds, crypto.randomUUID()];
    const claimed = await repo.claimMany(ids, new Date(), 30_000, 'w1');
    expect([...claimed.keys()].sort()).toEqual([...a.targetIds, ...b.targetIds].sort());
    expect(claimed.get(a.targetIds[0]!)).toMatchObject({
      postId: a.postId,
      platform: 'twitter',
      attempts: 1,
    });
    expect(await statusOf(a.postId)).toBe('publishing');
    // Held under a live lease: a second worker gets nothing.
    expect((await repo.claimMany(ids, new Date(), 30_000, 'w2')).size).toBe(0);
    const attempts = await sql(`select count(*)::int as n from publish_attempts where worker = 'w1'`);
    expect(attempts[0]!.n).toBe(3);
  });

  it('settles each post from all its targets when several finish in one group', async () => {
    const mixed = await post(['twitter', 'bluesky']);
    const done = await post(['twitter', 'linkedin']);
    const waiting = await post(['twitter', 'facebook']);
    const claimed = await repo.claimMany(
      [...mixed.targetIds, ...done.targetIds, ...waiting.targetIds],
      new Date(),
      30_000,
      'w1',
    );
    const claim = (id: string) => claimed.get(id)!;
    const published = { kind: 'published', remoteId: 'r1', url: 'https://x.example/r1' } as const;
    await repo.finishMany(
      [
        { claim: claim(mixed.targetIds[0]!), outcome: published, latencyMs: 12 },
        {
          claim: claim(mixed.targetIds[1]!),
          outcome: { kind: 'failed', error: 'No', code: 'token_invalid' },
          latencyMs: 7,
        },
        { claim: claim(done.targetIds[0]!), outcome: published, latencyMs: 3 },
        { claim: claim(done.targetIds[1]!), outcome: published, latencyMs: 4 },
        { claim: claim(waiting.targetIds[0]!), outcome: published, latencyMs: 5 },
      ],
      new Date(),
    );
    expect(await statusOf(mixed.postId)).toBe('partially_failed');
    expect(await statusOf(done.postId)).toBe('published');
    // Its other target is still publishing: the post is too.
    expect(await statusOf(waiting.postId)).toBe('publishing');

    const targets = await sql(
      `select t.status, t.remote_id, t.last_error_code, a.outcome, a.latency_ms from post_targets t
         join publish_attempts a on a.target_id = t.id where t.post_id = $1 order by t.platform`,
      [mixed.postId],
    );
    expect(targets).toEqual([
      {
        status: 'failed',
        remote_id: null,
        last_error_code: 'token_invalid',
        outcome: 'failed',
        latency_ms: 7,
      },
      { status: 'published', remote_id: 'r1', last_error_code: null, outcome: 'published', latency_ms: 12 },
    ]);

    await repo.finishMany(
      [{ claim: claim(waiting.targetIds[1]!), outcome: published, latencyMs: 1 }],
      new Date(),
    );
    expect(await statusOf(waiting.postId)).toBe('published');
  });

  it('a target that has finished keeps its outcome when told again', async () => {
    const one = await post(['twitter']);
    const claimed = (await repo.claimMany(one.targetIds, new Date(), 30_000, 'w1')).get(one.targetIds[0]!)!;
    const published = { kind: 'published', remoteId: 'first', url: null } as const;
    await repo.finishMany([{ claim: claimed, outcome: published, latencyMs: 1 }], new Date());
    await repo.finishMany(
      [{ claim: claimed, outcome: { kind: 'failed', error: 'late', code: null }, latencyMs: 1 }],
      new Date(),
    );
    const [target] = await sql(`select status, remote_id from post_targets where id = $1`, one.targetIds);
    expect(target).toEqual({ status: 'published', remote_id: 'first' });
    expect(await statusOf(one.postId)).toBe('published');
  });

  // PGlite runs one statement at a time: two claims cannot interleave there.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a claim by target waits for its post before it touches the target, as the claim of due posts does',
    async () => {
      const one = await post(['twitter']);
      let claiming: Promise<Map<string, unknown>> | undefined;
      await transaction(t.ctx.database.db, async (tx) => {
        // The claim of due posts holds the post and is about to take its target.
        await tx.execute(q`set local lock_timeout = '2s'`);
        await tx.execute(q`select id from posts where id = ${one.postId} for update`);
        claiming = repo.claimMany(one.targetIds, new Date(), 30_000, 'w-target');
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Had the claim by target taken the target first, this would wait for it while it waits for the
        // post: a deadlock (or here, the lock timeout).
        await tx.execute(q`update post_targets set status = 'publishing', attempts = 1,
          lease_until = now() + interval '30 seconds' where id = ${one.targetIds[0]!}`);
      });
      // It finds the target taken and leaves it.
      expect((await claiming!).size).toBe(0);
      const attempts = await sql(`select count(*)::int as n from publish_attempts where worker = 'w-target'`);
      expect(attempts[0]!.n).toBe(0);
    },
  );

  it("records a network's words that PostgreSQL's text cannot hold (a lone surrogate, a NUL) as near as it can", async () => {
    const one = await post(['twitter', 'bluesky']);
    const claimed = await repo.claimMany(one.targetIds, new Date(), 30_000, 'w1');
    const [first, second] = one.targetIds.map((id) => claimed.get(id)!);
    await repo.finishMany(
      [
        {
          claim: first!,
          outcome: { kind: 'failed', error: 'bad \ud800 answer\u0000 here', code: 'refused' },
          latencyMs: 2,
        },
        {
          claim: second!,
          outcome: { kind: 'published', remoteId: 'r\u0000\udfff', url: null },
          latencyMs: 3,
        },
      ],
      new Date(),
    );
    const rows = await sql(
      `select status, last_error, remote_id from post_targets where post_id = $1 order by platform`,
      [one.postId],
    );
    expect(rows).toEqual([
      { status: 'published', last_error: null, remote_id: 'r\ufffd' },
      { status: 'failed', last_error: 'bad \ufffd answer here', remote_id: null },
    ]);
    expect(await statusOf(one.postId)).toBe('partially_failed');
  });

  it('takes due posts earliest first, a page of posts with all their targets, and leaves what must wait', async () => {
    const hours = (n: number) => -n * 60 * 60_000;
    const first = await post(['twitter', 'bluesky'], hours(30));
    const second = await post(['linkedin'], hours(29));
    const rendering = await post(['tiktok'], hours(28));
    const later = await post(['twitter'], 60 * 60_000);
    const [media] =
      await sql(`insert into media (user_id, kind, original_name, mime, bytes, sha256, storage_key)
      values ('u-group', 'video', 'v.mp4', 'video/mp4', 10, 'x', 'k') returning id`);
    const [render] = await sql(
      `insert into video_renders (key, user_id, media_id, layout) values ('render-1', 'u-group', $1, '{}') returning id`,
      [media!.id],
    );
    await sql(`insert into post_media (post_id, media_id, position, render_id) values ($1, $2, 0, $3)`, [
      rendering.postId,
      media!.id,
      render!.id,
    ]);
    await t.ctx.queue.prepare(publishTargetJob);
    await createPublishScheduler(t.ctx.queue).schedule(t.ctx.database.db, first.targetIds, new Date());
    const jobIds = (await sql(`select job_id from post_targets where post_id = $1`, [first.postId])).map(
      (r) => r.job_id as string,
    );
    const liveJobs = async () =>
      (await sql(`select id from pgboss.job where id = any($1::uuid[])`, [jobIds])).length;
    expect(await liveJobs()).toBe(2);

    const page = await repo.claimDue(1, new Date(), 30_000, 'w1');
    expect([...page.keys()].sort()).toEqual([...first.targetIds].sort());
    expect(jobIds).toContain(page.get(first.targetIds[0]!)?.jobId);
    // The claim took their jobs with them: no queue fetch can take one for nothing.
    expect(await liveJobs()).toBe(0);
    // Two workers at once take different posts, and what is due only later or waits for its video stays.
    const [a, b] = await Promise.all([
      repo.claimDue(1, new Date(), 30_000, 'w1'),
      repo.claimDue(50, new Date(), 30_000, 'w2'),
    ]);
    const taken = [...a.keys(), ...b.keys()];
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken).toContain(second.targetIds[0]);
    expect(taken).not.toContain(rendering.targetIds[0]);
    expect(taken).not.toContain(later.targetIds[0]);
    expect(await statusOf(rendering.postId)).toBe('scheduled');

    await sql(`update video_renders set status = 'ready' where id = $1`, [render!.id]);
    const rendered = await repo.claimDue(50, new Date(), 30_000, 'w1');
    expect([...rendered.keys()]).toEqual(rendering.targetIds);
    expect((await repo.claimDue(50, new Date(), 30_000, 'w1')).size).toBe(0);
  });
});
