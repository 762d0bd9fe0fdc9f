// The server as one JavaScript file, dist/server/main.js, which `npm start` runs (decision 029): running
// the TypeScript through tsx cost 70–100 MB resident for the life of the process. Packages stay in
// node_modules; the database migrations are copied beside the file, where the migrator looks for them.
// Beside them, a freshly created embedded database for the installed PGlite (dist/server/pglite-<version>,
// decision 041), made once per PGlite version: a first start copies it instead of running initdb.
import { cpSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const options = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  logLevel: 'warning',
};
const { outputFiles } = await build({
  ...options,
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  // No source map: Node with source maps enabled measured ~25 MB more resident. The file is not
  // minified and names each source file above its code, so a stack trace still reads.
  write: false,
});
mkdirSync('dist/server', { recursive: true });
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
// Written aside, then renamed over the old file: a process starting meanwhile (an API and a worker
// started together) imports either the old file or the new one, never half of one.
const temporary = `dist/server/main.js.${process.pid}`;
writeFileSync(temporary, outputFiles[0].contents);
renameSync(temporary, 'dist/server/main.js');

// The template is made where the built server looks for it: the module, built beside main.js, says where.
await build({
  ...options,
  entryPoints: ['src/server/db/pglite-initdb.ts'],
  outfile: 'dist/server/pglite-initdb.js',
});
const { defaultTemplate, makePgliteTemplate } = await import('../dist/server/pglite-initdb.js');
await makePgliteTemplate(defaultTemplate());
