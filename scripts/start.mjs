// `npm start`: builds the web app and the server when missing or older than their sources, each in a
// process of its own (a build's memory would otherwise stay with the server), then runs the built server
// (dist/server/main.js, decision 029) in this same process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};

const stale = (output, sources) =>
  !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newest));

const run = (what, args) => {
  console.log(`Building ${what}…`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const shared = ['src/shared', 'package.json', 'package-lock.json'];
if (stale('dist/web/.vite/manifest.json', ['src/web', 'vite.config.ts', ...shared]))
  run('the web app', [
    '--input-type=module',
    '-e',
    "await (await import('vite')).build({ configFile: 'vite.config.ts', logLevel: 'warn' });",
  ]);
if (stale('dist/server/main.js', ['src/server', 'scripts/build-server.mjs', ...shared]))
  run('the server', ['scripts/build-server.mjs']);

await import('../dist/server/main.js');
