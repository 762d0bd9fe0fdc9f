// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (TypeScript through tsx) in this same process, so signals reach it directly.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const manifest = 'dist/web/.vite/manifest.json';
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};

if (!existsSync(manifest) || statSync(manifest).mtimeMs < Math.max(...sources.map(newest))) {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
}

register();
await import('../src/server/main.ts');
