// npm run bench:publish — publishing punctuality, bursts and scale-out against a fake X (DESIGN.md section
// 5; issue 15). Prints each figure with its goal and the machine, and writes bench/results/publish-*.json.
//   punctuality  embedded (PGlite), one process: 3,000 posts due evenly over 60 s → lateness p50/p99 (goal p99 ≤ 15 ms)
//   burst        embedded, npm start's one process: 10,000 posts due the same second → all published ≤ 4 s,
//                its peak resident memory ≤ 400 MB
//   postgres     PostgreSQL, one worker process: the same burst → ≤ 3 s
//   floor        after each burst, on the same database: the same claims and outcomes as bare SQL in a loop
//                (no HTTP, no adapter, no fake) → burst time ÷ floor (goal ≤ 2×)
//   scale        PostgreSQL, a fake that answers in 300 ms and 10 calls at once per worker: 1,000 posts with
//                1, 2 and 4 worker processes → speed-ups (goals ×1.8 and ×3.2)
//   huge         PostgreSQL, 4 worker processes: 100,000 posts due the same second → ≤ 25 s, no duplicates
// BENCH_PHASES=punctuality,burst,… (default all) and BENCH_BURST=10000 narrow a run while tuning, BENCH_TIMELINE=1
// prints each burst's arrivals per half second; PostgreSQL
// is BENCH_DATABASE_URL, TEST_DATABASE_URL or the local one, and its phases are skipped when unreachable.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { type AppContext, createContext, JOBS } from '../src/server/context';
import { type Database, type Db, openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { startQueue } from '../src/server/jobs/queue';
import { createPublishScheduler } from '../src/server/publishing/scheduler';
import { type ChildServer, startServer } from '../test/child-server';
import { freePort } from '../test/free-port';
import { startXFake, type XFake } from '../test/fakes/twitter';
import { npmStartArgs } from './npm-start.mjs';
import { report } from './report.mjs';
import { sampleRss } from './rss.mjs';

const logger = pino({ level: 'silent' });
// BENCH_PHASES=punctuality,burst,postgres (default all) and BENCH_BURST=10000 narrow a run while tuning.
const phases = new Set((process.env.BENCH_PHASES ?? 'punctuality,burst,postgres,scale,huge').split(','));
const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const encryptionKey = randomBytes(32);
const secret = randomBytes(32).toString('hex');

/** The app's context on `database`, with its queue. */
async function contextOn(x: XFake, database: Database, dataDir: string, worker: boolean) {
  // PUBLISH_* settings given to the bench apply (e.g. PUBLISH_NETWORK_CONCURRENCY=25 npm run bench:publish).
  const tuning = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('PUBLISH_')));
  const env = loadEnv({
    ...x.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLISH_LEASE_SECONDS: '30',
    ...tuning,
  });
  const queue = await startQueue(database, logger, { worker, jobs: JOBS });
  return { ctx: createContext({ env, database, logger, queue, secret, encryptionKey }), queue };
}

/**
 * What the machine allows a burst: `count` posts due now, claimed and recorded published by the
 * worker's own statements (`claimDue`, `finishMany` with their hooks) in a plain loop, a page at a time,
 * with no HTTP, adapter or fake. Seconds from the first claim to the last outcome.
 */
async function floor(ctx: AppContext, database: Database, userId: string, count: number) {
  await seed(database.db, userId, 'floor', () => new Date(Date.now() - 1000), count);
  const started = performance.now();
  let done = 0;
  for (;;) {
    const page = [...(await ctx.publishingRepo.claimDue(200, new Date(), 30_000, 'floor')).values()];
    if (!page.length) break;
    await ctx.publishingRepo.finishMany(
      page.map((claim, i) => ({
        claim,
        outcome: { kind: 'published', remoteId: `floor-${done + i}`, url: null },
        latencyMs: 0,
      })),
      new Date(),
    );
    done += page.length;
  }
  if (done !== count) throw new Error(`the floor published ${done} of ${count}`);
  return (performance.now() - started) / 1000;
}

/** A database with a user whose X account is connected (through the real OAuth flow against the fake). */
async function prepare(x: XFake, database: Database, dataDir: string, worker: boolean) {
  const { ctx, queue } = await contextOn(x, database, dataDir, worker);
  const { user } = await ctx.auth.api.createUser({
    body: {
      email: `bench-${randomBytes(3).toString('hex')}@example.com`,
      password: 'bench-password-1',
      name: 'Bench',
    },
  });
  const actor = {
    id: user.id,
    email: user.email,
    name: 'Bench',
    role: 'user' as const,
    trialEndsAt: null,
    sessionId: 'bench',
    workspace: (await ctx.workspacesRepo.membershipsOf(user.id))[0]!,
  };
  const { url } = await ctx.connections.startOAuth(actor, 'twitter');
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  const outcome = await ctx.connections.finishOAuth(actor, 'twitter', {
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
  });
  if (!outcome.endsWith('connect=ok')) throw new Error(`could not connect X: ${outcome}`);
  return { ctx, queue, userId: user.id };
}

/** Saves `count` scheduled posts with one X target each, due at their time, in one transaction. */
async function seed(db: Db, userId: string, tag: string, dueOf: (i: number) => Date, count: number) {
  const scheduler = createPublishScheduler();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const due = Array.from({ length: count }, (_, i) => dueOf(i).toISOString());
    const rows = (await tx.execute(sql`
      insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
      select (select id from workspaces where personal_of = ${userId}), ${userId}, '<p>' || ${tag} || ' ' || i || '</p>', 'scheduled', (${sql.param(due)}::timestamptz[])[i], 'UTC'
      from generate_series(1, ${count}) i
      returning id, scheduled_at`)) as unknown as { rows: { id: string; scheduled_at: string | Date }[] };
    const targets = (await tx.execute(sql`
      insert into post_targets (post_id, platform)
      select id, 'twitter' from unnest(${sql.param(rows.rows.map((r) => r.id))}::uuid[]) id
      returning id, post_id`)) as unknown as { rows: { id: string; post_id: string }[] };
    const at = new Map(rows.rows.map((r) => [r.id, new Date(r.scheduled_at)]));
    await scheduler.scheduleEach(
      tx,
      targets.rows.map((r) => ({ targetId: r.id, at: at.get(r.post_id)! })),
    );
  });
  // Posts are scheduled over hours and days, and by their time the database has statistics for them
  // (autovacuum on PostgreSQL, db/upkeep.ts on PGlite). Saved all at once seconds before their time,
  // they would be planned as the few rows the tables held before.
  await db.execute(sql`analyze`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the fake holds `count` tweets starting with `tag`; returns them. */
async function arrivals(x: XFake, tag: string, count: number, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = x.posts.filter((p) => p.text.startsWith(`${tag} `));
    if (got.length >= count || Date.now() > end) return got;
    await sleep(50);
  }
}

/** How long after `due` the last of `count` posts reached the fake, and how many came twice. */
function burstResult(tweets: { text: string; createdAt: Date }[], count: number, due: Date) {
  const unique = new Set(tweets.map((t) => t.text)).size;
  // BENCH_TIMELINE=1: how many arrived in each half second after their time, to see where a burst slows.
  if (process.env.BENCH_TIMELINE) {
    const halves: number[] = [];
    for (const t of tweets) {
      const half = Math.max(0, Math.floor((t.createdAt.getTime() - due.getTime()) / 500));
      halves[half] = (halves[half] ?? 0) + 1;
    }
    console.log(`  per half second: ${Array.from(halves, (n) => n ?? 0).join(' ')}`);
  }
  const last = Math.max(...tweets.map((t) => t.createdAt.getTime()));
  const seconds = (last - due.getTime()) / 1000;
  return { published: unique, count, seconds, rate: unique / seconds, duplicates: tweets.length - unique };
}

const rep = report('publish', 'pglite + postgresql');

async function embedded() {
  const x = await startXFake();
  const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-publish-'));
  const database = await openDatabase({ dataDir });
  const { ctx, queue, userId } = await prepare(x, database, dataDir, true);
  const publisher = ctx.publisher();
  try {
    await publisher.start();
    if (phases.has('punctuality')) {
      const start = Date.now() + 8000;
      const dueOf = (i: number) => new Date(start + Math.floor((i * 60_000) / 3000));
      await seed(database.db, userId, 'punctual', dueOf, 3000);
      const punctual = await arrivals(x, 'punctual', 3000, 130_000);
      const lateness = punctual
        .map((t) => t.createdAt.getTime() - dueOf(Number(t.text.split(' ')[1]) - 1).getTime())
        .sort((a, b) => a - b);
      console.log(
        `punctuality: 3,000 posts due evenly over 60 s, embedded, one process (${punctual.length} published)`,
      );
      rep.figure('punctuality.p50', 'lateness p50', percentile(lateness, 50), 'ms');
      rep.figure('punctuality.p99', 'lateness p99', percentile(lateness, 99), 'ms', { max: 15 });
      rep.figure('punctuality.max', 'lateness max', lateness.at(-1)!, 'ms');
    }
  } finally {
    await publisher.stop();
    await queue.stop();
    await database.close();
    await x.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The embedded burst as a self-hoster runs it: posts saved into a data folder, then `npm start`'s own
 * command (the built server, its Node flags) started on that folder as a process of its own, which
 * publishes them to the fake X in this process. Its resident memory (with any child) is sampled all along.
 */
async function embeddedBurst() {
  const x = await startXFake();
  const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-burst-'));
  let app: ChildProcess | undefined;
  try {
    const database = await openDatabase({ dataDir });
    const { queue, userId } = await prepare(x, database, dataDir, false);
    const due = new Date(Date.now() + 20_000);
    await seed(database.db, userId, 'burst', () => due, BURST);
    await queue.stop();
    await database.close();
    const port = await freePort();
    app = spawn(process.execPath, npmStartArgs(), {
      env: {
        ...process.env,
        ...x.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ENCRYPTION_KEY: encryptionKey.toString('hex'),
        AUTH_SECRET: secret,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const rss = sampleRss(app.pid!, 100);
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    await sleep(Math.max(0, due.getTime() - Date.now() - 3000));
    const idleMb = rss.recent(2000);
    await arrivals(x, 'burst', BURST, 200_000);
    await sleep(1000);
    rss.stop();
    const burst = burstResult(
      x.posts.filter((p) => p.text.startsWith('burst ')),
      BURST,
      due,
    );
    console.log(
      `burst: ${BURST} posts due at one second, embedded, npm start's one process (${burst.published} published)`,
    );
    rep.figure('burst.embedded.seconds', 'all published after', burst.seconds, 's', { max: 4 });
    rep.figure('burst.embedded.rate', 'rate', burst.rate, 'posts/s');
    rep.figure('burst.embedded.duplicates', 'duplicates', burst.duplicates, 'posts', { max: 0 });
    rep.figure('burst.embedded.idleRss', "the app's resident memory just before", idleMb, 'MB');
    rep.figure('burst.embedded.peakRss', "the app's peak resident memory", rss.peak(), 'MB', { max: 400 });
    const stopped = new Promise((resolve) => app!.once('exit', resolve));
    app.kill('SIGTERM');
    await stopped;
    const again = await openDatabase({ dataDir });
    const { ctx, queue: q } = await contextOn(x, again, dataDir, false);
    const seconds = await floor(ctx, again, userId, BURST);
    await q.stop();
    await again.close();
    rep.figure('burst.embedded.floor', 'the same claims and outcomes as bare SQL', seconds, 's');
    rep.figure('burst.embedded.overFloor', 'burst ÷ floor', burst.seconds / seconds, '×', { max: 2 });
  } finally {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    await x.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForHealth(url: string) {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`the app did not answer ${url} within 60 s`);
}

/**
 * A burst on PostgreSQL: `workers` worker processes are started first, then `count` posts are saved due
 * at one second, a few seconds ahead. Returns how long after that second the last one was published.
 */
async function postgresBurst(
  baseUrl: string,
  {
    workers,
    count,
    latencyMs = 0,
    workerEnv = {},
    withFloor = false,
  }: {
    workers: number;
    count: number;
    latencyMs?: number;
    workerEnv?: Record<string, string>;
    /** Also time the floor (see `floor`) on the same database once the burst is done. */
    withFloor?: boolean;
  },
) {
  const name = `postwell_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const x = await startXFake({ latencyMs });
  const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-publish-pg-'));
  const database = await openDatabase({ url: url.toString() });
  const { ctx, queue, userId } = await prepare(x, database, dataDir, false);
  const children: ChildServer[] = [];
  try {
    children.push(
      ...(await Promise.all(
        Array.from({ length: workers }, () =>
          startServer(
            {
              ...x.env,
              DATABASE_URL: url.toString(),
              DATA_DIR: dataDir,
              ENCRYPTION_KEY: encryptionKey.toString('hex'),
              AUTH_SECRET: secret,
              LOG_LEVEL: 'info',
              ...workerEnv,
            },
            {
              port: 0,
              // The worker as a self-hoster runs it: `npm start`'s command, the built server.
              npmStart: true,
              args: ['--role=worker'],
              waitFor: 'ready',
              // e.g. BENCH_WORKER_NODE_ARGS=--cpu-prof to see where a worker's time goes.
              nodeArgs: process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean),
            },
          ),
        ),
      )),
    );
    // Saving 100,000 posts takes a while: they come due a little after it ends.
    const due = new Date(Date.now() + 3000 + count / 5);
    const tag = `burst${workers}`;
    await seed(database.db, userId, tag, () => due, count);
    if (Date.now() > due.getTime()) console.log('warning: the posts were saved after their time');
    await arrivals(x, tag, count, 600_000);
    await sleep(1000);
    // How the burst was shared: each worker's posts, and when its first and last attempt began.
    const { rows } = await database.executeSql(
      `select worker, count(*)::int as n, extract(epoch from min(started_at) - $1::timestamptz) as first,
              extract(epoch from max(started_at) - $1::timestamptz) as last
         from publish_attempts group by worker order by worker`,
      [due],
    );
    const shares = (rows as { n: number; first: number; last: number }[])
      .map((r) => `${r.n} (${Number(r.first).toFixed(1)}–${Number(r.last).toFixed(1)} s)`)
      .join(', ');
    await Promise.all(children.splice(0).map((c) => c.stop()));
    const floorSeconds = withFloor ? await floor(ctx, database, userId, count) : undefined;
    return {
      floorSeconds,
      ...burstResult(
        x.posts.filter((p) => p.text.startsWith(`${tag} `)),
        count,
        due,
      ),
      shares,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await queue.stop();
    await database.close();
    await x.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (phases.has('punctuality')) await embedded();
if (phases.has('burst')) await embeddedBurst();
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const reachable = await new pg.Client({ connectionString: pgUrl }).connect().then(
  () => true,
  () => false,
);
if (!reachable) console.log(`PostgreSQL not reachable at ${pgUrl}: its phases are skipped`);
if (reachable && phases.has('postgres')) {
  const one = await postgresBurst(pgUrl, { workers: 1, count: BURST, withFloor: true });
  console.log(
    `burst: ${BURST} posts due at one second, PostgreSQL, one worker process (${one.published} published; attempts began ${one.shares})`,
  );
  rep.figure('burst.postgres.seconds', 'all published after', one.seconds, 's', { max: 3 });
  rep.figure('burst.postgres.floor', 'the same claims and outcomes as bare SQL', one.floorSeconds!, 's');
  rep.figure('burst.postgres.overFloor', 'burst ÷ floor', one.seconds / one.floorSeconds!, '×', { max: 2 });
  rep.figure('burst.postgres.rate', 'rate', one.rate, 'posts/s');
  rep.figure('burst.postgres.duplicates', 'duplicates', one.duplicates, 'posts', { max: 0 });
}
if (reachable && phases.has('scale')) {
  // Real networks answer in 100–1000 ms: publishing waits far more than it computes. Each worker makes
  // at most 10 calls to the network at once (PUBLISH_NETWORK_CONCURRENCY's default).
  const scale = { count: 1000, latencyMs: 300, workerEnv: { PUBLISH_NETWORK_CONCURRENCY: '10' } };
  console.log(
    'scale-out: 1,000 posts due at one second, PostgreSQL, a network answering in 300 ms, 10 calls at once per worker',
  );
  const rates: Record<number, number> = {};
  for (const workers of [1, 2, 4]) {
    const run = await postgresBurst(pgUrl, { ...scale, workers });
    rates[workers] = run.rate;
    console.log(
      `  ${workers} worker${workers > 1 ? 's' : ''}: posts per worker (first–last attempt) ${run.shares}`,
    );
    rep.figure(
      `scale.${workers}.seconds`,
      `${workers} worker${workers > 1 ? 's' : ''}: all published after`,
      run.seconds,
      's',
    );
    rep.figure(
      `scale.${workers}.duplicates`,
      `${workers} worker${workers > 1 ? 's' : ''}: duplicates`,
      run.duplicates,
      'posts',
      { max: 0 },
    );
  }
  rep.figure('scale.speedup2', 'speed-up with 2 workers', rates[2]! / rates[1]!, '×', { min: 1.8 });
  rep.figure('scale.speedup4', 'speed-up with 4 workers', rates[4]! / rates[1]!, '×', { min: 3.2 });
}
if (reachable && phases.has('huge')) {
  const count = Number(process.env.BENCH_HUGE ?? 100_000);
  const huge = await postgresBurst(pgUrl, { workers: 4, count });
  console.log(
    `burst: ${count} posts due at one second, PostgreSQL, 4 worker processes (${huge.published} published)`,
  );
  rep.figure('huge.seconds', 'all published after', huge.seconds, 's', { max: 25 });
  rep.figure('huge.rate', 'rate', huge.rate, 'posts/s');
  rep.figure('huge.duplicates', 'duplicates', huge.duplicates, 'posts', { max: 0 });
}
rep.save({ burst: BURST });
process.exit(process.exitCode ?? 0);
