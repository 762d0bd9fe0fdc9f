// npm run bench:all — every benchmark, one after another on a quiet machine, then one line each: its
// figures that missed their goal, and how long it took. Each benchmark also writes its JSON to
// bench/results/. Goal for the whole run: under 15 minutes.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BENCHES = [
  ['bench', 'bundle budget, startup and memory'],
  ['bench:posts', 'calendar range API, scheduling a post'],
  ['bench:calendar', 'calendar render in Chromium'],
  ['bench:review', 'a client review page of 50 posts in Chromium'],
  ['bench:publish', 'publishing: punctuality, bursts, scale-out'],
  ['bench:video', 'video render'],
  ['bench:ai', 'offline AI insights'],
  ['bench:analytics', 'analytics summary API'],
  ['bench:queue', 'adding 1,000 posts to a queue'],
  ['bench:import', 'a bulk import of 10,000 rows'],
  ['bench:links', "a short link's redirect at 200 connections"],
];
const results = join(process.cwd(), 'bench', 'results');
const started = Date.now();
const lines = [];
for (const [script, what] of BENCHES) {
  const before = new Set(readdirSync(results));
  const t0 = Date.now();
  console.log(`\n=== npm run ${script} (${what})`);
  const run = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = (Date.now() - t0) / 1000;
  const written = readdirSync(results).filter((f) => f.endsWith('.json') && !before.has(f));
  const missed = written.flatMap((file) =>
    Object.values(JSON.parse(readFileSync(join(results, file), 'utf8')).figures)
      .filter((figure) => figure.within === false)
      .map((figure) => `${figure.label} ${figure.value} ${figure.unit}`),
  );
  const verdict =
    run.status !== 0 && !missed.length
      ? `exited ${run.status}`
      : missed.length
        ? `missed: ${missed.join('; ')}`
        : 'every goal met';
  lines.push(`${script.padEnd(16)} ${seconds.toFixed(0).padStart(4)} s  ${verdict}`);
}
const minutes = (Date.now() - started) / 60_000;
console.log(`\n=== bench:all in ${minutes.toFixed(1)} min (goal < 15 min)`);
for (const line of lines) console.log(line);
if (minutes >= 15 || lines.some((l) => !l.endsWith('every goal met'))) process.exitCode = 1;
