// How long `npm start`'s server takes to answer /api/health with 200: first start on an empty data
// folder (budget 15 s), then restarts on the existing one (budget 5 s). Needs a built web app.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmStartArgs } from './npm-start.mjs';
import { report } from './report.mjs';

const PORT = 3321;
const dataDir = mkdtempSync(join(tmpdir(), 'postwell-bench-'));

async function timeToHealthy() {
  const started = performance.now();
  const child = spawn(process.execPath, npmStartArgs(), {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server not healthy after 60 s');
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const first = await timeToHealthy();
const again = [];
for (let i = 0; i < 3; i++) again.push(await timeToHealthy());
rmSync(dataDir, { recursive: true, force: true });
const median = again.sort((a, b) => a - b)[1];
const rep = report('startup', 'pglite');
rep.figure('empty', 'startup, empty data folder', first, 's', { max: 15 });
rep.figure(
  'existing',
  `startup, existing data folder, median of ${again.map((s) => s.toFixed(2)).join(', ')}`,
  median,
  's',
  { max: 5 },
);
rep.save();
