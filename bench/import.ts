// Bulk import (issue 27): a CSV of 10,000 valid rows previewed (POST /api/imports: read, every row checked
// as the composer's post, shown), then confirmed and written in one transaction, against the built server.
// Rows go to two networks, a third of them into a queue (each at its first free slot), the rest dated.
// Budgets on the embedded database: preview ≤ 5 s, import ≤ 10 s (from the confirm to "done"). PostgreSQL
// when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Writes bench/results/import-*.json.
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

const PORT = 3314;
const ROWS = 10_000;
const PREVIEW_BUDGET_S = 5;
const IMPORT_BUDGET_S = 10;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const database = databaseUrl ? 'postgresql' : 'pglite';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-import-'));
const env = loadEnv({
  DATA_DIR: dataDir,
  PORT: String(PORT),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: base,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const stamp = Date.now().toString(36);
const email = `bench-import-${stamp}@example.com`;

/** A user with an X account (with a queue: four slots a day) and a Bluesky account. */
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
  const times = [0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
    ['08:00', '11:00', '14:00', '17:00'].map((time) => ({ day, time })),
  );
  await db.db.execute(sql`
    insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
    values (${workspace}, ${user.id}, 'twitter', ${`x-${stamp}`}, 'bench_x', 'sealed'),
           (${workspace}, ${user.id}, 'bluesky', ${`did:plc:${stamp}`}, 'bench.bsky.social', 'sealed')`);
  await db.db.execute(sql`
    insert into posting_schedules (workspace_id, platform, account_id, timezone, times)
    values (${workspace}, 'twitter', ${`x-${stamp}`}, 'Europe/Berlin', ${JSON.stringify(times)}::jsonb)`);
  await queue.stop();
  await db.close();
}

/** The file: every third row into the queue, the others a row a quarter hour apart from tomorrow. */
function csv() {
  const start = Date.now() + 86_400_000;
  const lines = ['text,networks,date,time,timezone,status,text_x'];
  for (let i = 0; i < ROWS; i++) {
    if (i % 3 === 0) lines.push(`"Queued post ${i}, from the import",x,,,,queue,`);
    else {
      const at = new Date(start + i * 15 * 60_000);
      const date = at.toISOString().slice(0, 10);
      const time = at.toISOString().slice(11, 16);
      lines.push(
        `"Dated post ${i}: spring is here",x;bluesky,${date},${time},UTC,scheduled,Spring ${i} on X`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
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
    const cookie = await signInCookie(base, email, 'bench-password-1');
    const body = new FormData();
    body.append('file', new Blob([csv()], { type: 'text/csv' }), 'bench.csv');
    let started = performance.now();
    const previewed = await fetch(`${base}/api/imports`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body,
    });
    const preview = (await previewed.json()) as { id: string; ready: number; rows: unknown[] };
    const previewSeconds = (performance.now() - started) / 1000;
    if (previewed.status !== 201 || preview.ready !== ROWS)
      throw new Error(`preview: ${previewed.status}, ${preview.ready} of ${ROWS} ready`);
    console.log(`${ROWS} rows previewed: ${previewSeconds.toFixed(2)} s`);

    started = performance.now();
    const confirm = await fetch(`${base}/api/imports/${preview.id}/confirm`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: Array.from({ length: ROWS }, (_, i) => i + 1) }),
    });
    if (confirm.status !== 202) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
    let state: { status: string; imported: number; progress: number };
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await (
        await fetch(`${base}/api/imports/${preview.id}`, { headers: { cookie } })
      ).json()) as typeof state;
    } while (state.status === 'importing');
    const importSeconds = (performance.now() - started) / 1000;
    if (state.status !== 'done') throw new Error(`import: ${JSON.stringify(state)}`);
    console.log(`${ROWS} rows imported (${state.imported} posts): ${importSeconds.toFixed(2)} s`);

    const db = await openDatabase({ dataDir, url: databaseUrl });
    const [counts] = rowsOf<{ posts: number; slots: number; distinct_slots: number }>(
      await db.db.execute(sql`
        select (select count(*)::int from posts) as posts,
               (select count(*)::int from queue_slots) as slots,
               (select count(distinct slot_at)::int from queue_slots) as distinct_slots`),
    );
    await db.close();
    console.log(
      `${counts!.posts} posts, ${counts!.slots} queued in ${counts!.distinct_slots} distinct slots`,
    );

    const rep = report('import', database);
    rep.figure('import.preview10k', `${ROWS} rows previewed`, previewSeconds, 's', { max: PREVIEW_BUDGET_S });
    rep.figure('import.write10k', `${ROWS} rows imported`, importSeconds, 's', { max: IMPORT_BUDGET_S });
    rep.figure('import.posts', 'posts written', counts!.posts, 'posts', { min: ROWS, max: ROWS });
    rep.figure(
      'import.sharedSlots',
      'queued posts sharing a slot',
      counts!.slots - counts!.distinct_slots,
      'posts',
      {
        max: 0,
      },
    );
    rep.save({ rows: ROWS });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
