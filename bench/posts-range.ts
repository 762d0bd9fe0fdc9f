// GET /api/posts?from&to for a month holding 1,000 posts of one user among 50,000, on the embedded
// database, at 50 concurrent connections (autocannon, loopback). Budget: p99 ≤ 25 ms. Prints figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createContext } from '../src/server/context';
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { loadEncryptionKey, loadSecret } from '../src/server/secret';
import { startQueue } from '../src/server/jobs/queue';
import { startServer } from '../test/child-server';

const PORT = 3322;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-posts-'));
const env = loadEnv({ DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'silent', PUBLIC_URL: base });

async function seed() {
  const database = await openDatabase({ dataDir });
  const logger = pino({ level: 'silent' });
  const queue = await startQueue(database, logger, { worker: false });
  const ctx = createContext({
    env,
    database,
    logger,
    queue,
    secret: await loadSecret(undefined, dataDir),
    encryptionKey: await loadEncryptionKey(undefined, dataDir),
  });
  const { user } = await ctx.auth.api.createUser({
    body: { email: 'bench@example.com', password: 'bench-password-1', name: 'Bench' },
  });
  const { user: other } = await ctx.auth.api.createUser({
    body: { email: 'others@example.com', password: 'bench-password-1', name: 'Others' },
  });
  const started = performance.now();
  // 1,000 posts of the bench user in March 2026, 49,000 of another user spread over two years.
  await database.db.execute(sql`
    insert into posts (user_id, content_html, status, scheduled_at, timezone)
    select ${user.id}, '<p>Post number ' || i || ' with <strong>some</strong> text and a link https://example.com/' || i || '</p>', 'scheduled',
           timestamptz '2026-03-01 00:00:00+00' + (i * interval '44 minutes'), 'Europe/Paris'
    from generate_series(1, 1000) i`);
  await database.db.execute(sql`
    insert into posts (user_id, content_html, status, scheduled_at, timezone)
    select ${other.id}, '<p>Someone else ' || i || '</p>', 'scheduled', timestamptz '2025-06-01 00:00:00+00' + (i * interval '21 minutes'), 'UTC'
    from generate_series(1, 49000) i`);
  await database.db.execute(sql`
    insert into post_targets (post_id, platform) select id, p from posts cross join (values ('bluesky'), ('twitter')) v(p)`);
  await database.db.execute(sql`analyze`);
  console.log(
    `seeded 50,000 posts and 100,000 targets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await queue.stop();
  await database.close();
}

async function main() {
  await seed();
  const server = await startServer({ DATA_DIR: dataDir, LOGIN_RATE_PER_MINUTE: '100' }, { port: PORT });
  try {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const url = `${base}/api/posts?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z`;
    const check = await (await fetch(url, { headers: { cookie } })).json();
    if (!check.data)
      throw new Error(`the range call failed: ${JSON.stringify(check)} (sign-in ${signIn.status})`);
    console.log(
      `one month: ${check.data.length} posts, ${(JSON.stringify(check).length / 1024).toFixed(0)} KB of JSON`,
    );

    const result = await autocannon({ url, connections: 50, duration: 10, headers: { cookie } });
    console.log(
      `GET /api/posts (month of 1,000 posts), 50 connections, 10 s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s, ${result.non2xx} errors (budget p99 ≤ 25 ms)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
