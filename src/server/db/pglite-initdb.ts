import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Creates PGlite's database in `dir` (initdb) in a child process, when it is not there yet. Created in
 * this process, it would leave ~500 MB resident for the life of the server: initdb runs in PGlite
 * instances of its own whose WebAssembly memories the garbage collector gives back late or never
 * (decision 029). A child's memory goes back to the system when it exits.
 */
export async function createPgliteDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  // The library's own path, so the child finds it whatever its working folder.
  const library = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const program = `require(process.argv[1]).PGlite.create(process.argv[2]).then((db) => db.close()).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });`;
  const child = spawn(process.execPath, ['-e', program, library, dir], {
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
