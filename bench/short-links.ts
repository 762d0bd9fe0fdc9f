// A short link's redirect (GET /l/<code>, issue 27) from 200 concurrent connections for 10 s at 5,000
// requests a second, then as fast as it answers (autocannon in its own process, loopback), against the built server with the embedded database (PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Goal: p99 ≤ 5 ms. Then every click must be counted: the
// counts written (in batches, a second after the clicks) must equal the redirects answered, people and
// bots apart. Prints each figure with its goal and writes bench/results/short-links-*.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createContext } from '../src/server/context';
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { startQueue } from '../src/server/jobs/queue';
import { loadEncryptionKey, loadSecret } from '../src/server/secret';
import type { ShortLinkList } from '../src/shared/api/links.schemas';
import { startServer } from '../test/child-server';
import { report } from './report.mjs';
import { runLoad, runOpenLoop } from './run-load';
import { signInCookie } from './sign-in';

const PORT = 3331;
const CONNECTIONS = 200;
const SECONDS = 10;
const P99_GOAL_MS = 5;
/** Redirects a second offered in the measured run: far beyond what one instance's posts draw. */
const RATE = 5000;
/** autocannon's worker threads (BENCH_LOAD_WORKERS=1 for one thread). */
const LOAD_WORKERS = Number(process.env.BENCH_LOAD_WORKERS ?? 2);
const CODE = 'BenchLink1';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const database = databaseUrl ? 'postgresql' : 'pglite';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-links-'));
const stamp = Date.now().toString(36);
const email = `bench-links-${stamp}@example.com`;
const env = loadEnv({
  DATA_DIR: dataDir,
  PORT: String(PORT),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: base,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A user with a published post holding one short link (and 10,000 other links in the table). */
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
  const { user } = await ctx.auth.api.createUser({
    body: { email, password: 'bench-password-1', name: 'Bench' },
  });
  const workspace = sql`(select id from workspaces where personal_of = ${user.id})`;
  await db.db.execute(sql`delete from short_links where code = ${CODE} or code like 'Bench%'`);
  await db.db.execute(sql`
    insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
    values (${workspace}, ${user.id}, '<p>Tulips https://bloom.example/tulips</p>', 'published', now(), 'UTC')`);
  const post = sql`(select id from posts where user_id = ${user.id} limit 1)`;
  await db.db.execute(sql`
    insert into short_links (code, workspace_id, post_id, platform, original, url)
    select 'Bench' || lpad(i::text, 5, '0'), ${workspace}, ${post}, 'bluesky', 'https://bloom.example/' || i,
           'https://bloom.example/' || i || '?utm_source=bluesky'
      from generate_series(1, 10000) i`);
  await db.db.execute(sql`
    insert into short_links (code, workspace_id, post_id, platform, original, url)
    values (${CODE}, ${workspace}, ${post}, 'twitter', 'https://bloom.example/tulips',
            'https://bloom.example/tulips?utm_source=x&utm_medium=social')`);
  await queue.stop();
  await db.close();
}

async function main() {
  await seed();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      LOGIN_RATE_PER_MINUTE: '100',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { port: PORT, args: ['--role', 'api'] },
  );
  try {
    const url = `${base}/l/${CODE}`;
    const first = await fetch(url, { redirect: 'manual', headers: { 'user-agent': browser } });
    if (first.status !== 302) throw new Error(`the link answered ${first.status}`);
    // Warm-up (JIT, the code's cache). Then 200 connections sending RATE requests a second between them
    // (open loop: a slow answer does not delay the next request), as many readers clicking at once; then as
    // fast as the server answers (closed loop), where latency is only connections ÷ throughput and the
    // throughput says how much room is left. Last, crawlers' requests, to be counted apart.
    const warm = await runLoad({ url, connections: 20, duration: 2, headers: { 'user-agent': browser } });
    const redirects = (r: unknown) => (r as { '3xx': number })['3xx'];
    const load = (extra: Record<string, unknown>) =>
      runLoad({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        workers: LOAD_WORKERS,
        headers: { 'user-agent': browser },
        ...extra,
      });
    const result = await runOpenLoop({
      url,
      connections: CONNECTIONS,
      rate: RATE,
      duration: SECONDS + 1,
      warmup: 1,
      headers: { 'user-agent': browser },
    });
    const flat = await load({});
    const crawled = await runLoad({
      url,
      connections: 10,
      amount: 500,
      headers: { 'user-agent': 'facebookexternalhit/1.1' },
    });
    const sent = 1 + redirects(warm) + (result.statuses['302'] ?? 0) + redirects(flat);
    const other = result.sent - (result.statuses['302'] ?? 0) + flat.non2xx - redirects(flat) + flat.errors;
    // Counts are written a second after the clicks: wait for them.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const cookie = await signInCookie(base, email, 'bench-password-1');
    const list = (await (
      await fetch(`${base}/api/links?limit=1`, { headers: { cookie } })
    ).json()) as ShortLinkList;
    const link = list.data.find((l) => l.shortUrl.endsWith(CODE))!;
    console.log(
      `GET /l/<code>, ${CONNECTIONS} connections at ${RATE} req/s for ${SECONDS} s: p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms; as fast as it answers: ${Math.round(flat.requests.average)} req/s, ` +
        `p99 ${flat.latency.p99} ms; ${other} errors or other answers; counted ${link.clicks} clicks ` +
        `(${sent} answered) and ${link.bots} bots (${redirects(crawled)} answered)`,
    );
    const rep = report('short-links', database);
    const at = `${CONNECTIONS} connections at ${RATE} req/s`;
    rep.figure('links.redirectP99', `GET /l/<code> p99, ${at}`, result.latency.p99, 'ms', {
      max: P99_GOAL_MS,
    });
    rep.figure('links.redirectP50', `GET /l/<code> p50, ${at}`, result.latency.p50, 'ms');
    rep.figure(
      'links.redirectMax',
      `redirects a second, ${CONNECTIONS} connections, closed loop`,
      Math.round(flat.requests.average),
      'req/s',
    );
    rep.figure('links.redirectMaxP99', 'p99 then (connections ÷ throughput)', flat.latency.p99, 'ms');
    rep.figure('links.errors', 'errors and other answers', other, 'answers', { max: 0 });
    // In-flight requests at a run's end are answered and counted after autocannon stops counting: more
    // counted than answered is expected; fewer would be a lost click.
    rep.figure(
      'links.clicksLost',
      'clicks answered and not counted',
      Math.max(0, sent - link.clicks),
      'clicks',
      { max: 0 },
    );
    rep.figure(
      'links.botsLost',
      'crawler requests not counted as bots',
      redirects(crawled) - link.bots,
      'requests',
      { max: 0 },
    );
    rep.save({
      connections: CONNECTIONS,
      seconds: SECONDS,
      rate: RATE,
      workers: LOAD_WORKERS,
      clicks: link.clicks,
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
