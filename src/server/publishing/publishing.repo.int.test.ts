import { sql as q } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPublishScheduler } from './scheduler';
import { createPublishingRepo, type PublishingRepo } from './publishing.repo';

/** The test user's personal workspace. */
const W = '00000000-0000-4000-8000-0000000000aa';

describe('claiming and finishing targets in groups', () => {
  let t: TestApp;
  let repo: PublishingRepo;
  const sql = (text: string, params: unknown[] = []) =>
    t.ctx.database.executeSql(text, params).then((r) => r.rows as Record<string, unknown>[]);

  beforeAll(async () => {
    t = await createTestApp();
    repo = createPublishingRepo(t.ctx.database.db, createPublishScheduler());
    await sql(`insert into users (id, name, email, email_verified, role, created_at, updated_at)
               values ('u-group', 'G', 'group@example.com', true, 'user', now(), now())`);
    await sql(`insert into workspaces (id, name, personal_of) values ('${W}', 'G', 'u-group')`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A scheduled post due `inMs` from now with one pending target per network, due with it; returns target ids. */
  const post = async (platforms: string[], inMs = -1000) => {
    const [row] = await sql(
      `insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
       values ('${W}', 'u-group', '<p>hi</p>', 'scheduled', now() + $1 * interval '1 millisecond', 'UTC') returning id`,
      [inMs],
    );
    const targets = await sql(
      `insert into post_targets (post_id, platform, due_at)
       select $1, p, (select scheduled_at from posts where id = $1) from unnest($2::text[]) p returning id`,
      [row!.id, platforms],
    );
    return { postId: row!.id as string, targetIds: targets.map((r) => r.id as string) };
  };
  const statusOf = async (postId: string) =>
    (await sql(`select status from posts where id = $1`, [postId]))[0]!.status;

  /** Claims every due target (at most 100) for `worker`. */
  const claimAll = (worker = 'w1') => repo.claimDue(100, new Date(), 30_000, worker);

  it('claims every due target in one go, none twice, and none that is not due', async () => {
    const a = await post(['twitter', 'bluesky']);
    const b = await post(['linkedin']);
    await post(['twitter'], 60 * 60_000);
    const claimed = await claimAll();
    expect([...claimed.keys()].sort()).toEqual([...a.targetIds, ...b.targetIds].sort());
    expect(claimed.get(a.targetIds[0]!)).toMatchObject({
      postId: a.postId,
      platform: 'twitter',
      attempts: 1,
    });
    expect(await statusOf(a.postId)).toBe('publishing');
    // Held under a live lease: a second worker gets nothing. Their due time is the lease's end.
    expect((await claimAll('w2')).size).toBe(0);
    const [held] = await sql(
      `select bool_and(due_at = lease_until and due_at > now()) as leased from post_targets where post_id = $1`,
      [a.postId],
    );
    expect(held!.leased).toBe(true);
    const attempts = await sql(`select count(*)::int as n from publish_attempts where worker = 'w1'`);
    expect(attempts[0]!.n).toBe(3);
  });

  it('settles each post from all its targets when several finish in one group', async () => {
    const mixed = await post(['twitter', 'bluesky']);
    const done = await post(['twitter', 'linkedin']);
    const waiting = await post(['twitter', 'facebook']);
    const claimed = await claimAll();
    expect(claimed.size).toBe(6);
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
    const claimed = (await claimAll()).get(one.targetIds[0]!)!;
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

  it('takes over a target whose lease ran out, and not one whose lease holds', async () => {
    const one = await post(['twitter']);
    const first = (await claimAll()).get(one.targetIds[0]!)!;
    // The worker stopped without a word: after its lease, the target is due and taken over as resumed.
    await sql(
      `update post_targets set lease_until = now() - interval '1 second', due_at = now() - interval '1 second'
                where id = $1`,
      one.targetIds,
    );
    // Never by the worker that holds it still: it knows it is still publishing it.
    expect((await repo.claimDue(100, new Date(), 30_000, 'w1', one.targetIds)).size).toBe(0);
    const again = (await claimAll('w2')).get(one.targetIds[0]!)!;
    expect(again).toMatchObject({
      attempts: 2,
      resumed: true,
      takenOver: true,
      firstAttemptAt: first.firstAttemptAt,
    });
    const attempts = await sql(
      `select outcome from publish_attempts where target_id = $1 order by started_at`,
      [one.targetIds[0]],
    );
    expect(attempts).toEqual([{ outcome: 'interrupted' }, { outcome: null }]);
    await repo.finishMany(
      [{ claim: again, outcome: { kind: 'published', remoteId: 'r', url: null }, latencyMs: 1 }],
      new Date(),
    );
    const [done] = await sql(`select status, due_at from post_targets where id = $1`, one.targetIds);
    expect(done).toEqual({ status: 'published', due_at: null });
  });

  it('moves a retry to its next try, and claims it then', async () => {
    const one = await post(['twitter']);
    const claimed = (await claimAll()).get(one.targetIds[0]!)!;
    const at = new Date(Date.now() + 60_000);
    await repo.retryLater(
      claimed,
      { kind: 'retry', at, error: 'X answered 429', code: 'rate_limited' },
      new Date(),
      5,
    );
    const [target] = await sql(
      `select status, due_at, next_attempt_at from post_targets where id = $1`,
      one.targetIds,
    );
    expect(target).toEqual({ status: 'retrying', due_at: at, next_attempt_at: at });
    expect((await claimAll()).size).toBe(0);
    expect(
      (await repo.claimDue(10, new Date(at.getTime() + 1), 30_000, 'w1')).get(one.targetIds[0]!),
    ).toMatchObject({
      attempts: 2,
    });
  });

  // PGlite runs one statement at a time: two claims cannot interleave there.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a claim skips a target whose post another transaction holds, without waiting for it',
    async () => {
      const one = await post(['twitter']);
      await transaction(t.ctx.database.db, async (tx) => {
        // An edit of the post (or the record of an outcome) holds the post and is about to change its target.
        await tx.execute(q`select id from posts where id = ${one.postId} for update`);
        // Were the claim to wait for the post while holding the target, this transaction would wait for it
        // in turn: a deadlock. It skips the post instead, at once.
        const started = Date.now();
        expect((await claimAll('w-skip')).has(one.targetIds[0]!)).toBe(false);
        expect(Date.now() - started).toBeLessThan(1000);
        await tx.execute(q`update post_targets set due_at = now() where id = ${one.targetIds[0]!}`);
      });
      expect((await claimAll('w-after')).has(one.targetIds[0]!)).toBe(true);
      const attempts = await sql(`select count(*)::int as n from publish_attempts where worker = 'w-skip'`);
      expect(attempts[0]!.n).toBe(0);
    },
  );

  it("records a network's words that PostgreSQL's text cannot hold (a lone surrogate, a NUL) as near as it can", async () => {
    const one = await post(['twitter', 'bluesky']);
    const claimed = await claimAll();
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

  it('takes due targets earliest first, and leaves what is due later or waits for its video', async () => {
    const hours = (n: number) => -n * 60 * 60_000;
    const first = await post(['twitter', 'bluesky'], hours(30));
    const second = await post(['linkedin'], hours(29));
    const rendering = await post(['tiktok'], hours(28));
    const later = await post(['twitter'], 60 * 60_000);
    const [media] =
      await sql(`insert into media (workspace_id, user_id, kind, original_name, mime, bytes, sha256, storage_key)
      values ('${W}', 'u-group', 'video', 'v.mp4', 'video/mp4', 10, 'x', 'k') returning id`);
    const [render] = await sql(
      `insert into video_renders (key, workspace_id, user_id, media_id, layout)
       values ('render-1', '${W}', 'u-group', $1, '{}') returning id`,
      [media!.id],
    );
    await sql(`insert into post_media (post_id, media_id, position, render_id) values ($1, $2, 0, $3)`, [
      rendering.postId,
      media!.id,
      render!.id,
    ]);

    const page = await repo.claimDue(2, new Date(), 30_000, 'w1');
    expect([...page.keys()].sort()).toEqual([...first.targetIds].sort());
    // Two workers at once take different targets, and what is due only later or waits for its video stays.
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
    // It looks again a little later, without a try counted.
    const soon = new Date(Date.now() + 5000);
    expect((await repo.claimDue(50, new Date(), 30_000, 'w1', [], { renderWaitUntil: soon })).size).toBe(0);
    const [waiting] = await sql(
      `select due_at, attempts from post_targets where id = $1`,
      rendering.targetIds,
    );
    expect(waiting).toEqual({ due_at: soon, attempts: 0 });

    await sql(`update video_renders set status = 'ready' where id = $1`, [render!.id]);
    expect((await repo.claimDue(50, new Date(), 30_000, 'w1')).size).toBe(0);
    const rendered = await repo.claimDue(50, new Date(soon.getTime() + 1), 30_000, 'w1');
    expect([...rendered.keys()]).toEqual(rendering.targetIds);
    expect((await repo.claimDue(50, new Date(soon.getTime() + 1), 30_000, 'w1')).size).toBe(0);
  });
});
