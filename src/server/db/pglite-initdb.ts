import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, cp, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** The library's own path, so a child finds it whatever its working folder. */
const library = require.resolve('@electric-sql/pglite');

/** The installed PGlite's version: a folder made by initdb suits the version that made it. */
export const pgliteVersion = (): string =>
  (JSON.parse(readFileSync(join(dirname(library), '..', 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * Where the build keeps a freshly created database for the installed PGlite (decision 041): beside the
 * built server (dist/server/pglite-<version>), as the migrations are. Run from the sources it is looked
 * for beside this file, where nothing makes one, so the database is created there.
 */
export const defaultTemplate = (): string =>
  fileURLToPath(new URL(`./pglite-${pgliteVersion()}`, import.meta.url));

/**
 * Creates PGlite's database in `dir` when it is not there yet: a copy of `template` when there is one,
 * otherwise initdb in a child process.
 *
 * initdb is what a first start cost: ~690 MB resident at its peak (two PGlite instances and a copy of
 * one's memory), ~850 MB with PostgreSQL's default 128 MB of shared buffers, and ~30 s on two busy
 * cores. Created in this process it would leave ~500 MB resident for the life of the server: the
 * garbage collector gives those WebAssembly memories back late or never. A child's memory goes back to
 * the system when it exits; a copy of the build's template costs nothing but the copy (decision 041).
 */
export async function createPgliteDataDir(dir: string, template = defaultTemplate()): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  if (existsSync(join(template, 'PG_VERSION'))) {
    // PG_VERSION last: a copy cut short leaves a folder without it, which the next start copies again.
    await cp(template, dir, {
      recursive: true,
      force: true,
      filter: (source) => source !== join(template, 'PG_VERSION'),
    });
    await copyFile(join(template, 'PG_VERSION'), join(dir, 'PG_VERSION'));
    return;
  }
  await initdbInChild(dir);
}

/**
 * Makes `template` (the build does, `scripts/build-server.mjs`) unless it is there: created aside, then
 * renamed into place, so a start meanwhile sees no template or a whole one. Templates of other PGlite
 * versions beside it go.
 */
export async function makePgliteTemplate(template: string): Promise<void> {
  const folder = dirname(template);
  for (const name of await readdir(folder).catch(() => []))
    if (
      name.startsWith('pglite-') &&
      name !== basename(template) &&
      !name.includes('.partial-') &&
      existsSync(join(folder, name, 'PG_VERSION'))
    )
      await rm(join(folder, name), { recursive: true, force: true });
  if (existsSync(join(template, 'PG_VERSION'))) return;
  const aside = `${template}.partial-${process.pid}`;
  await rm(aside, { recursive: true, force: true });
  try {
    await initdbInChild(aside);
    // Another build may have made it meanwhile, and a start may be copying it: that one stays.
    if (existsSync(join(template, 'PG_VERSION'))) return;
    await rm(template, { recursive: true, force: true });
    await rename(aside, template).catch((error: unknown) => {
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
}

/**
 * initdb with 16 MB of shared buffers, as the server then runs (db/client.ts): its own single-user runs
 * and the start that follows touch that much less memory (~850 → ~690 MB at the peak). initdb writes
 * the setting into the folder's postgresql.conf; every start passes it anyway.
 */
const PROGRAM = `const { PGlite } = require(process.argv[1]);
const small = ['-c', 'shared_buffers=16MB'];
PGlite.create(process.argv[2], { initDbStartParams: small, startParams: [...PGlite.defaultStartParams, ...small] })
  .then((db) => db.close())
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });`;

async function initdbInChild(dir: string): Promise<void> {
  const child = spawn(process.execPath, ['-e', PROGRAM, library, dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0)
    throw new Error(`creating the database in ${dir} failed: ${stderr.trim() || `exit ${code}`}`);
}
