// Adding 1,000 posts to one account's queue through the API (POST /api/posts, "action":"queue"), four
// requests at a time over loopback, against the built server (issue 26). Budget: ≤ 10 s on the embedded
// database. Also checks that no two posts share a slot. PostgreSQL when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) is set. Prints each figure with its goal and writes bench/results/queue-add-*.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createContext } from '../src/server/context';
import { openDatabase, rowsOf } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { startQueue } from '../src/server/jobs/queue';
import { loadEncryptionKey, loadSecret } from '../src/server/secret';
import { startServer } from '../test/child-server';
import { report } from './report.mjs';
import { signInCookie } from './sign-in';

const PORT = 3313;
const POSTS = 1000;
const AT_ONCE = 4;
const BUDGET_S = 10;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const database = databaseUrl ? 'postgresql' : 'pglite';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-queue-'));
const env = loadEnv({
  DATA_DIR: dataDir,
  PORT: String(PORT),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: base,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const stamp = Date.now().toString(36);
const email = `bench-queue-${stamp}@example.com`;
const accountId = `bench-${stamp}`;

/** A user with one connected X account whose schedule has three slots a day, every day. */
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
  const times = [0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
    ['09:00', '12:30', '17:00'].map((time) => ({ day, time })),
  );
  await db.db.execute(sql`
    insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
    values ((select id from workspaces where personal_of = ${user.id}), ${user.id}, 'twitter', ${accountId}, 'bench', 'sealed')`);
  await db.db.execute(sql`
    insert into posting_schedules (workspace_id, platform, account_id, timezone, times)
    values ((select id from workspaces where personal_of = ${user.id}), 'twitter', ${accountId}, 'Europe/Berlin',
            ${JSON.stringify(times)}::jsonb)`);
  await queue.stop();
  await db.close();
}

async function countSlots() {
  const db = await openDatabase({ dataDir, url: databaseUrl });
  const [row] = rowsOf<{ posts: number; slots: number }>(
    await db.db.execute(sql`
      select count(*)::int as posts, count(distinct slot_at)::int as slots
        from queue_slots where account_id = ${accountId}`),
  );
  await db.close();
  return row!;
}

async function main() {
  await seed();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      LOGIN_RATE_PER_MINUTE: '100',
      CREATE_RATE_PER_MINUTE: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { port: PORT, args: ['--role', 'api'] },
  );
  try {
    const cookie = await signInCookie(base, email, 'bench-password-1');
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const add = async (i: number) => {
      const res = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          content: `<p>Queued post ${i}</p>`,
          platforms: ['twitter'],
          action: 'queue',
          timezone: 'Europe/Berlin',
        }),
      });
      if (res.status !== 201) throw new Error(`post ${i}: ${res.status} ${await res.text()}`);
    };
    // A warm-up call (first compile of the routes' paths), not counted.
    await add(-1);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < POSTS) await add(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { posts, slots } = await countSlots();
    console.log(
      `${POSTS} posts added to one queue, ${AT_ONCE} at a time: ${seconds.toFixed(2)} s (${(POSTS / seconds).toFixed(0)}/s); ${posts} queued in ${slots} distinct slots`,
    );
    const rep = report('queue-add', database);
    rep.figure('queue.add1000', `${POSTS} posts added to a queue`, seconds, 's', { max: BUDGET_S });
    rep.figure('queue.sharedSlots', 'posts sharing a slot', posts - slots, 'posts', { max: 0 });
    rep.save({ posts: POSTS, atOnce: AT_ONCE });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
