// npm run bench:publish — publishing punctuality and burst throughput against a fake X that answers at
// once (DESIGN.md section 5; the publishing issue's benchmark). Prints figures; not a timed test.
//   1. embedded (PGlite), one process: 3,000 posts due evenly over 60 s → lateness p50/p99 (goal p99 ≤ 100 ms, issue 15)
//   2. embedded, one process: 10,000 posts due the same second → time to publish all, rate, duplicates
//   3. PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, if reachable): the same burst with one and
//      with two worker processes → both rates and the speed-up
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { createContext } from '../src/server/context';
import { type Database, type Db, openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { startQueue } from '../src/server/jobs/queue';
import { createPublishScheduler, publishTargetJob } from '../src/server/publishing/publish.job';
import { startServer } from '../test/child-server';
import { startXFake, type XFake } from '../test/fakes/twitter';

const logger = pino({ level: 'silent' });
// BENCH_PHASES=punctuality,burst,postgres (default all) and BENCH_BURST=10000 narrow a run while tuning.
const phases = new Set((process.env.BENCH_PHASES ?? 'punctuality,burst,postgres').split(','));
const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const encryptionKey = randomBytes(32);
const secret = randomBytes(32).toString('hex');

/** A database with a user whose X account is connected (through the real OAuth flow against the fake). */
async function prepare(x: XFake, database: Database, dataDir: string, worker: boolean) {
  // PUBLISH_* settings given to the bench apply (e.g. PUBLISH_NETWORK_CONCURRENCY=25 npm run bench:publish).
  const tuning = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('PUBLISH_')));
  const env = loadEnv({
    ...x.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLISH_LEASE_SECONDS: '30',
    ...tuning,
  });
  const queue = await startQueue(database, logger, { worker, jobs: [publishTargetJob] });
  const ctx = createContext({ env, database, logger, queue, secret, encryptionKey });
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

/** Saves `count` scheduled posts with one X target each and their jobs, in one transaction. */
async function seed(
  db: Db,
  queue: Parameters<typeof createPublishScheduler>[0],
  userId: string,
  tag: string,
  dueOf: (i: number) => Date,
  count: number,
) {
  const scheduler = createPublishScheduler(queue);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const due = Array.from({ length: count }, (_, i) => dueOf(i).toISOString());
    const rows = (await tx.execute(sql`
      insert into posts (user_id, content_html, status, scheduled_at, timezone)
      select ${userId}, '<p>' || ${tag} || ' ' || i || '</p>', 'scheduled', (${sql.param(due)}::timestamptz[])[i], 'UTC'
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

function burstFigures(label: string, tweets: { text: string; createdAt: Date }[], count: number, due: Date) {
  const unique = new Set(tweets.map((t) => t.text)).size;
  const last = Math.max(...tweets.map((t) => t.createdAt.getTime()));
  const seconds = (last - due.getTime()) / 1000;
  console.log(
    `${label}: ${unique} of ${count} published in ${seconds.toFixed(1)} s after their time → ${(unique / seconds).toFixed(0)} posts/s; duplicates ${tweets.length - unique} (target: all within 60 s, none duplicated)`,
  );
  return unique / seconds;
}

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
      const t0 = performance.now();
      await seed(database.db, queue, userId, 'punctual', dueOf, 3000);
      console.log(`seeded 3,000 posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const punctual = await arrivals(x, 'punctual', 3000, 130_000);
      const lateness = punctual
        .map((t) => t.createdAt.getTime() - dueOf(Number(t.text.split(' ')[1]) - 1).getTime())
        .sort((a, b) => a - b);
      console.log(
        `punctuality (3,000 posts over 60 s, embedded): ${punctual.length} published; lateness p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms (goal p99 ≤ 100 ms)`,
      );
    }
    if (phases.has('burst')) {
      const due = new Date(Date.now() + 10_000);
      const t0 = performance.now();
      await seed(database.db, queue, userId, 'burst', () => due, BURST);
      console.log(`seeded ${BURST} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      await arrivals(x, 'burst', BURST, 200_000);
      await sleep(1000);
      burstFigures(
        `burst (${BURST} posts due at one second, embedded, one process)`,
        x.posts.filter((p) => p.text.startsWith('burst ')),
        BURST,
        due,
      );
    }
  } finally {
    publisher.stop();
    await queue.stop();
    await database.close();
    await x.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresBurst(baseUrl: string, workers: number) {
  const name = `postwell_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const x = await startXFake();
  const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-publish-pg-'));
  const database = await openDatabase({ url: url.toString() });
  const { queue, userId } = await prepare(x, database, dataDir, false);
  const children = [];
  try {
    const due = new Date(Date.now() + 25_000);
    await seed(database.db, queue, userId, 'burst', () => due, BURST);
    for (let i = 0; i < workers; i++) {
      children.push(
        await startServer(
          {
            ...x.env,
            DATABASE_URL: url.toString(),
            DATA_DIR: dataDir,
            ENCRYPTION_KEY: encryptionKey.toString('hex'),
            AUTH_SECRET: secret,
            LOG_LEVEL: 'info',
          },
          { port: 0, args: ['--role=worker'], waitFor: 'ready' },
        ),
      );
    }
    if (Date.now() > due.getTime()) console.log('warning: the workers started after the burst was due');
    await arrivals(x, 'burst', BURST, 200_000);
    await sleep(1000);
    return burstFigures(
      `burst (${BURST} posts due at one second, PostgreSQL, ${workers} worker process${workers > 1 ? 'es' : ''})`,
      x.posts.filter((p) => p.text.startsWith('burst ')),
      BURST,
      due,
    );
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

if (phases.has('punctuality') || phases.has('burst')) await embedded();
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const reachable = await new pg.Client({ connectionString: pgUrl }).connect().then(
  () => true,
  () => false,
);
if (!phases.has('postgres')) {
  // skipped
} else if (reachable) {
  const one = await postgresBurst(pgUrl, 1);
  const two = await postgresBurst(pgUrl, 2);
  console.log(`PostgreSQL speed-up with two worker processes: ×${(two / one).toFixed(2)}`);
} else {
  console.log(`PostgreSQL not reachable at ${pgUrl}: scale-out figures skipped`);
}
process.exit(0);
