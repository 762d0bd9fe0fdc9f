// GET /api/analytics/summary for a user with 5,000 published targets and 50,000 metric readings (plus
// another user's as many), at 20 concurrent connections (autocannon, loopback). Budget: p99 ≤ 50 ms.
// The embedded database by default; PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
// Prints each figure with its goal and writes bench/results/analytics-summary-*.json.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createContext } from '../src/server/context';
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { startQueue } from '../src/server/jobs/queue';
import { loadEncryptionKey, loadSecret } from '../src/server/secret';
import { startServer } from '../test/child-server';
import { report } from './report.mjs';
import { signInCookie } from './sign-in';

const PORT = 3312;
const CONNECTIONS = 20;
const BUDGET_P99_MS = 50;
const TARGETS = 5000;
const READINGS_PER_TARGET = 10;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const database = databaseUrl ? 'postgresql' : 'pglite';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-analytics-'));
const env = loadEnv({
  DATA_DIR: dataDir,
  PORT: String(PORT),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: base,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function seed() {
  const db = await openDatabase({ dataDir, url: databaseUrl });
  const logger = pino({ level: 'silent' });
  const queue = await startQueue(db, logger, { worker: false });
  const ctx = createContext({
    env,
    database: db,
    logger,
    queue,
    secret: await loadSecret(undefined, dataDir),
    encryptionKey: await loadEncryptionKey(undefined, dataDir),
  });
  const stamp = Date.now().toString(36);
  const email = `bench-${stamp}@example.com`;
  const { user } = await ctx.auth.api.createUser({
    body: { email, password: 'bench-password-1', name: 'Bench' },
  });
  const { user: other } = await ctx.auth.api.createUser({
    body: { email: `others-${stamp}@example.com`, password: 'bench-password-1', name: 'Others' },
  });
  const started = performance.now();
  for (const owner of [user.id, other.id]) {
    // Half as many posts as targets, each to two networks, published over the last 25 days.
    await db.db.execute(sql`
      insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
      select (select id from workspaces where personal_of = ${owner}), ${owner}, '<p>Post ' || i || '</p>', 'published', now() - (i * interval '7 minutes'), 'UTC'
        from generate_series(1, ${TARGETS / 2}) i`);
    await db.db.execute(sql`
      insert into post_targets (post_id, platform, status, remote_id, remote_url, published_at)
      select p.id, v.platform, 'published', p.id::text, 'https://example.com/' || p.id, p.scheduled_at
        from posts p cross join (values ('twitter'), ('bluesky')) v(platform)
       where p.user_id = ${owner}`);
    // Ten slots a target; Bluesky gives no reach, X none either (null, not 0).
    await db.db.execute(sql`
      insert into target_metrics (target_id, workspace_id, user_id, platform, slot, collected_at, outcome, likes, shares, comments, reach, impressions)
      select t.id, p.workspace_id, ${owner}, t.platform, s, t.published_at + (s + 1) * interval '1 hour', 'read',
             s * 3, s, s * 2, null, case when t.platform = 'twitter' then s * 40 end
        from post_targets t join posts p on p.id = t.post_id
        cross join generate_series(0, ${READINGS_PER_TARGET - 1}) s
       where p.user_id = ${owner}`);
    // As the collector leaves it: each target's latest figures (slot 9).
    await db.db.execute(sql`
      insert into target_latest_metrics (target_id, workspace_id, user_id, platform, published_at, slot, collected_at, likes, shares, comments, reach, impressions)
      select m.target_id, m.workspace_id, m.user_id, m.platform, t.published_at, m.slot, m.collected_at, m.likes, m.shares, m.comments, m.reach, m.impressions
        from target_metrics m join post_targets t on t.id = m.target_id
       where m.user_id = ${owner} and m.slot = ${READINGS_PER_TARGET - 1}`);
  }
  await db.db.execute(sql`analyze`);
  console.log(
    `seeded ${TARGETS} published targets and ${TARGETS * READINGS_PER_TARGET} readings per user, two users, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await queue.stop();
  await db.close();
  return email;
}

async function load(url: string, headers: Record<string, string>) {
  const options = JSON.stringify({ url, connections: CONNECTIONS, duration: 10, headers, workers: 1 });
  const { stdout } = await promisify(execFile)('node', ['bench/load.mjs', options], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as {
    latency: { p50: number; p99: number };
    requests: { average: number };
    non2xx: number;
  };
}

async function main() {
  const email = await seed();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      LOGIN_RATE_PER_MINUTE: '100',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { port: PORT, args: ['--role', 'api'] },
  );
  try {
    const cookie = await signInCookie(base, email, 'bench-password-1');
    const url = `${base}/api/analytics/summary`;
    const first = performance.now();
    const check = (await (await fetch(url, { headers: { cookie } })).json()) as {
      platforms?: { platform: string; posts: number; likes: number | null }[];
    };
    const firstMs = performance.now() - first;
    if (!check.platforms?.length) throw new Error(`the summary failed: ${JSON.stringify(check)}`);
    console.log(
      `summary: ${check.platforms.map((p) => `${p.platform} ${p.posts} posts, ${p.likes} likes`).join('; ')}; first call ${firstMs.toFixed(0)} ms`,
    );
    const rep = report('analytics-summary', database);
    rep.figure('summary.first', 'first call (nothing kept)', firstMs, 'ms');
    const result = await load(url, { cookie });
    console.log(
      `GET /api/analytics/summary, ${CONNECTIONS} connections, 10 s: p50 ${result.latency.p50} ms, ${result.requests.average.toFixed(0)} req/s, ${result.non2xx} errors`,
    );
    rep.figure('summary.p99', `p99 at ${CONNECTIONS} connections`, result.latency.p99, 'ms', {
      max: BUDGET_P99_MS,
    });
    rep.figure('summary.non2xx', 'answers other than 2xx', result.non2xx, 'answers', { max: 0 });
    rep.save({ targets: TARGETS, readings: TARGETS * READINGS_PER_TARGET });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
