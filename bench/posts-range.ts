// GET /api/posts?from&to for a month holding 1,000 posts of one workspace among 100 (500 posts and 5
// members each, issue 25), on the embedded database, at 50 concurrent connections (autocannon, loopback). Goals: p99 ≤ 25 ms and within 1.3× of
// the load generator's own ceiling for the same bytes (medians of three alternating runs of each); p99
// ≤ 50 ms as a browser asks while a draft is saved every 250 ms (issue 15). Then the write path on the
// same server: POST /api/posts scheduling a post for a connected account (bench/posts-write.ts: ≥ 400
// req/s, p99 ≤ 250 ms, every answer the post). Prints each figure with its goal; writes
// bench/results/posts-range-*.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createContext } from '../src/server/context';
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { loadEncryptionKey, loadSecret } from '../src/server/secret';
import { startQueue } from '../src/server/jobs/queue';
import { startServer } from '../test/child-server';
import { report } from './report.mjs';
import { signInCookie } from './sign-in';
import { measureScheduling } from './posts-write';
import { runLoad } from './run-load';

const PORT = 3322;
/** autocannon's worker threads (BENCH_LOAD_WORKERS=1 for one thread). */
const LOAD_WORKERS = Number(process.env.BENCH_LOAD_WORKERS ?? 2);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-posts-'));
const today = new Date();
const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1));
const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 3, 1));
// 1,000 posts spread evenly over the month, whatever its length.
const stepSeconds = Math.floor((monthEnd.getTime() - monthStart.getTime()) / 1001 / 1000);
/** The month after: where the write figures schedule their posts. */
const writeMonthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 4, 1));
const WRITE_PLATFORM = 'linkedin';
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
  // 1,000 posts of the bench user's workspace in the month after next; 99 other workspaces (issue 25:
  // 100 workspaces × 500 posts, 5 members each) with 500 posts each, spread over the two years from now:
  // all in the future, so the worker in the same process has nothing to publish.
  await database.db.execute(sql`
    insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
    select (select id from workspaces where personal_of = ${user.id}), ${user.id},
           '<p>Post number ' || i || ' with <strong>some</strong> text and a link https://example.com/' || i || '</p>', 'scheduled',
           ${monthStart.toISOString()}::timestamptz + (i * ${stepSeconds} * interval '1 second'), 'Europe/Paris'
    from generate_series(1, 1000) i`);
  await database.db.execute(sql`
    insert into users (id, name, email, email_verified, role)
    select 'member-' || m, 'Member ' || m, 'member-' || m || '@example.com', true, 'user'
      from generate_series(1, 400) m`);
  await database.db.execute(sql`
    insert into workspaces (name) select 'Brand ' || w from generate_series(1, 99) w`);
  // Each workspace: the other user as owner and four members; the bench user's: four members too.
  await database.db.execute(sql`
    insert into workspace_members (workspace_id, user_id, role)
    select w.id, ${other.id}, 'owner' from workspaces w where w.name like 'Brand %'`);
  await database.db.execute(sql`
    insert into workspace_members (workspace_id, user_id, role)
    select w.id, 'member-' || ((dense_rank() over (order by w.id) - 1) * 4 + k), 'editor'
      from workspaces w cross join generate_series(1, 4) k
     where w.name like 'Brand %' or w.personal_of = ${user.id}`);
  await database.db.execute(sql`
    insert into posts (workspace_id, user_id, content_html, status, scheduled_at, timezone)
    select w.id, ${other.id}, '<p>Someone else ' || i || '</p>', 'scheduled',
           now() + interval '1 day' + (i * interval '21 minutes'), 'UTC'
      from workspaces w cross join generate_series(1, 500) i where w.name like 'Brand %'`);
  await database.db.execute(sql`
    insert into post_targets (post_id, platform) select id, p from posts cross join (values ('bluesky'), ('twitter')) v(p)`);
  // The network the write figures schedule to: connected, so their targets are not blocked. (No seeded
  // post goes to it, so the calendar's answers above are the same with or without it.)
  await database.db.execute(sql`
    insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
    values ((select id from workspaces where personal_of = ${user.id}), ${user.id}, ${WRITE_PLATFORM}, 'bench-account', 'bench', 'not used: nothing is published')`);
  await database.db.execute(sql`analyze`);
  console.log(
    `seeded 100 workspaces (5 members each), 50,500 posts and 101,000 targets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await queue.stop();
  await database.close();
}

/** 50 connections for 10 s, on one thread or spread over autocannon's worker threads (its `-w`). */
const load = (url: string, headers: Record<string, string>, workers = LOAD_WORKERS) =>
  runLoad({ url, connections: 50, duration: 10, headers, workers });

/** One whole HTTP answer, status line to last body byte, as it came over the socket. */
function rawAnswer(port: number, url: URL, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nhost: 127.0.0.1\r\n${lines.join('')}\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(all.subarray(0, end).toString());
      if (end > 0 && length && all.length >= end + 4 + Number(length[1])) {
        socket.destroy();
        resolve(all);
      }
    });
  });
}

/** A TCP server that answers every request on a connection with `answer`, and does nothing else. */
async function replayServer(answer: Buffer) {
  const server = net.createServer((socket) => {
    let pending = '';
    socket.on('error', () => undefined);
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        pending = pending.slice(end + 4);
        socket.write(answer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

const rep = report('posts-range', 'pglite');

async function main() {
  await seed();
  // BENCH_PROFILE=<folder> writes the server's CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE;
  const server = await startServer(
    // Creation limits far above what 50 connections send in 10 s: the figures are the server's, not a 429's.
    { DATA_DIR: dataDir, LOGIN_RATE_PER_MINUTE: '100', CREATE_RATE_PER_MINUTE: '1000000' },
    {
      port: PORT,
      // The server as a self-hoster runs it: `npm start`'s own command, the built server.
      npmStart: true,
      nodeArgs: [
        ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
        // e.g. BENCH_SERVER_NODE_ARGS='--import ./my-probe.mjs' to watch the server under load.
        ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
  );
  try {
    const cookie = await signInCookie(base, 'bench@example.com', 'bench-password-1');
    const url = `${base}/api/posts?from=${monthStart.toISOString()}&to=${monthEnd.toISOString()}`;
    // The first call after a start reads and serialises the month; the ones after are served from the
    // kept copy until the user changes something.
    const coldStarted = performance.now();
    const check = await (await fetch(url, { headers: { cookie } })).json();
    const coldMs = performance.now() - coldStarted;
    if (!check.data) throw new Error(`the range call failed: ${JSON.stringify(check)}`);
    console.log(
      `one month: ${check.data.length} posts, ${(JSON.stringify(check).length / 1024).toFixed(0)} KB of JSON; first call (read and serialised) ${coldMs.toFixed(0)} ms`,
    );

    const line = (r: Awaited<ReturnType<typeof load>>) =>
      `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.average.toFixed(0)} req/s, ${r.non2xx} errors`;
    // autocannon's own request (no Accept-Encoding) gets the JSON as it is: the budget's figure. Its
    // ceiling is the load generator's against the very bytes of that answer, replayed by a bare TCP
    // server that does no work (see below). On a 2-core machine one 10 s run of either moves by a
    // third from one minute to the next, so the two alternate, three times each, and medians are taken.
    const plainAnswer = await rawAnswer(PORT, new URL(url), { cookie });
    const plainReplay = await replayServer(plainAnswer);
    const plainRuns: Awaited<ReturnType<typeof load>>[] = [];
    const plainCeilings: Awaited<ReturnType<typeof load>>[] = [];
    try {
      for (let round = 1; round <= 3; round++) {
        plainRuns.push(await load(url, { cookie }));
        plainCeilings.push(await load(`http://127.0.0.1:${plainReplay.port}/`, {}));
        console.log(
          `GET /api/posts (month of 1,000 posts), autocannon's request, 50 connections, ${LOAD_WORKERS} load thread${LOAD_WORKERS > 1 ? 's' : ''}, 10 s, round ${round}: ${line(plainRuns.at(-1)!)}; the same bytes from a server doing nothing: ${line(plainCeilings.at(-1)!)}`,
        );
      }
    } finally {
      plainReplay.close();
    }
    const median = (runs: Awaited<ReturnType<typeof load>>[], pick: (r: (typeof runs)[number]) => number) =>
      runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    const plainP99 = median(plainRuns, (r) => r.latency.p99);
    const plainCeilingP99 = median(plainCeilings, (r) => r.latency.p99);
    rep.figure('plain.p99', 'plain p99, median of 3', plainP99, 'ms', { max: 25 });
    rep.figure(
      'plain.rate',
      'plain requests per second, median of 3',
      median(plainRuns, (r) => r.requests.average),
      'req/s',
    );
    rep.figure(
      'ceiling.plain.p99',
      `load generator's ceiling for the plain answer (${(plainAnswer.length / 1024).toFixed(0)} KB), p99, median of 3`,
      plainCeilingP99,
      'ms',
    );
    rep.figure('plain.overCeiling', 'plain p99 over the ceiling', plainP99 / plainCeilingP99, '×', {
      max: 1.3,
    });
    if (LOAD_WORKERS > 1)
      console.log(`  the same from one load thread: ${line(await load(url, { cookie }, 1))}`);
    // What a browser sends: its cookie, and that it takes gzip (every browser does).
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const hot = await load(url, headers);
    console.log(`  as a browser asks (gzip): ${line(hot)}`);
    rep.figure('gzip.p99', 'gzip p99', hot.latency.p99, 'ms');

    // The same while the user keeps changing things: a draft saved every 250 ms makes the next call
    // read the month again, four times a second.
    let writes = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const saved = await fetch(`${base}/api/posts`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: base },
          body: JSON.stringify({
            content: `<p>draft ${writes}</p>`,
            platforms: ['bluesky'],
            action: 'draft',
            timezone: 'UTC',
          }),
        });
        if (saved.status !== 201)
          throw new Error(`saving a draft answered ${saved.status}: ${await saved.text()}`);
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const busy = await load(url, headers);
    writing = false;
    await writer;
    console.log(`  as a browser asks, while a draft is saved every 250 ms (${writes} saves): ${line(busy)}`);
    rep.figure('busy.p99', 'gzip p99 while a draft is saved every 250 ms', busy.latency.p99, 'ms', {
      max: 50,
    });
    // What the calendar's browser sends after its first visit: the tag it holds (cache-control: no-cache).
    const etag = (await fetch(url, { headers })).headers.get('etag')!;
    const revalidated = await load(url, { ...headers, 'if-none-match': etag });
    console.log(
      `  revalidating an unchanged month (If-None-Match → 304): p50 ${revalidated.latency.p50} ms, p99 ${revalidated.latency.p99} ms, ${revalidated.requests.average.toFixed(0)} req/s`,
    );
    rep.figure('revalidate.p99', 'revalidation (304) p99', revalidated.latency.p99, 'ms');

    // The load generator's own ceiling: the very bytes of one answer, replayed by a bare TCP server
    // that does no work. autocannon appends each body to a JS string (UTF-8 decoding every byte, slowly
    // for gzip's binary), so this is the best its figures can show for these answers on this machine.
    const answer = await rawAnswer(PORT, new URL(url), headers);
    const replay = await replayServer(answer);
    try {
      const ceiling = await load(`http://127.0.0.1:${replay.port}/`, {});
      console.log(
        `  load generator's ceiling for the gzipped answer, ${(answer.length / 1024).toFixed(0)} KB (same bytes from a server doing nothing): ${line(ceiling)}`,
      );
      rep.figure('ceiling.gzipped.p99', "load generator's ceiling, gzipped, p99", ceiling.latency.p99, 'ms');
    } finally {
      replay.close();
    }

    await measureScheduling({
      base,
      cookie,
      platform: WRITE_PLATFORM,
      monthStart: monthEnd,
      monthEnd: writeMonthEnd,
      workers: LOAD_WORKERS,
      rep,
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
rep.save();
