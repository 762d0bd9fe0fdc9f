// Resident memory of `npm start` on the embedded database (issue 15, goal 4; issue 24; decisions 029, 041).
// Each run starts the server as `npm start` does on an empty data folder, samples the RSS of its whole
// process tree every 100 ms, waits for it to be ready and idle, stops it, then starts it again on the
// same folder. Each figure is the median of the runs (`--runs N`, default 3). Goals: the first start on
// an empty folder peaks at ≤ 400 MB (from spawn until idle after ready, the database created, migrated
// and pg-boss's schema made); it settles below 300 MB; idle on an existing folder ≤ 256 MB. Then, once,
// the peak of what the build does instead of a first start's initdb: making the database template
// (dist/server/pglite-<version>, decision 041). Writes bench/results/memory-*.json; exits 1 when a goal
// is missed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { npmStartArgs } from './npm-start.mjs';
import { report } from './report.mjs';
import { median, sampleRss } from './rss.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, idle: { type: 'string', default: '15' } },
});
const runs = Number(values.runs);
const idleMs = Number(values.idle) * 1000;
const GOALS = { freshPeak: 400, idleExisting: 256, freshSettled: 300 };

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * One start of the server on `dataDir`: the peak RSS from spawn until `idleMs` after it said ready, the
 * RSS then (median of its last second), and how long it took to be ready.
 */
async function startAndIdle(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, npmStartArgs(), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const rss = sampleRss(child.pid);
  try {
    await new Promise((resolve, reject) => {
      let buffered = '';
      const timeout = setTimeout(() => reject(new Error('the server was not ready after 120 s')), 120_000);
      child.stdout.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop();
        if (lines.some((line) => line.includes('"msg":"ready"'))) {
          clearTimeout(timeout);
          resolve();
        }
      });
      exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    });
    const readyS = (performance.now() - started) / 1000;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return { readyS, peakMb: rss.peak(), idleMb: rss.recent(1000) };
  } finally {
    rss.stop();
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * What the build does once per PGlite version so that a first start need not run initdb: makes the
 * template in a folder of its own, as `npm run build` does (the built dist/server/pglite-initdb.js), and
 * samples its process tree the same way.
 */
async function makeTemplate() {
  const folder = mkdtempSync(join(tmpdir(), 'postwell-template-'));
  const module = pathToFileURL('dist/server/pglite-initdb.js').href;
  const program = `await (await import(${JSON.stringify(module)})).makePgliteTemplate(process.argv[1]);`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', program, join(folder, 'pglite-template')],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const rss = sampleRss(child.pid);
  try {
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`making the template exited ${code}`);
    return { peakMb: rss.peak(), seconds: (performance.now() - started) / 1000 };
  } finally {
    rss.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'postwell-memory-'));
  try {
    const fresh = await startAndIdle(dataDir);
    const existing = await startAndIdle(dataDir);
    results.push({ fresh, existing });
    console.log(
      `run ${run + 1}: fresh peak ${fresh.peakMb.toFixed(0)} MB, settled ${fresh.idleMb.toFixed(0)} MB; ` +
        `existing peak ${existing.peakMb.toFixed(0)} MB, idle ${existing.idleMb.toFixed(0)} MB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const template = await makeTemplate();
console.log(
  `the build's database template: peak ${template.peakMb.toFixed(0)} MB, ${template.seconds.toFixed(1)} s`,
);

const med = (pick) => Math.round(median(results.map(pick)));
const figures = {
  freshPeakMb: med((r) => r.fresh.peakMb),
  freshSettledMb: med((r) => r.fresh.idleMb),
  existingPeakMb: med((r) => r.existing.peakMb),
  existingIdleMb: med((r) => r.existing.idleMb),
  freshReadyS: Number(median(results.map((r) => r.fresh.readyS)).toFixed(2)),
  existingReadyS: Number(median(results.map((r) => r.existing.readyS)).toFixed(2)),
};
const rep = report('memory', 'pglite');
console.log(`medians of ${runs} run(s), idle ${idleMs / 1000} s after ready:`);
rep.figure('fresh.peak', 'first start on an empty folder, peak memory', figures.freshPeakMb, 'MB', {
  max: GOALS.freshPeak,
});
rep.figure('fresh.settled', 'fresh start, settled RSS', figures.freshSettledMb, 'MB', {
  max: GOALS.freshSettled - 1,
});
rep.figure('existing.peak', 'existing data folder, peak RSS', figures.existingPeakMb, 'MB');
rep.figure('existing.idle', 'existing data folder, idle RSS', figures.existingIdleMb, 'MB', {
  max: GOALS.idleExisting,
});
rep.figure('fresh.ready', 'fresh start, ready after', figures.freshReadyS, 's');
rep.figure('existing.ready', 'existing data folder, ready after', figures.existingReadyS, 's');
rep.figure(
  'template.peak',
  "the build's database template (made once per PGlite version, instead of a first start's initdb), peak memory",
  template.peakMb,
  'MB',
);
rep.save({ runs, idleSeconds: idleMs / 1000, results, template });
