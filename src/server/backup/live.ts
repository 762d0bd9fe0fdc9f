import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { BackupError, COUNTS, type Counts, createBackup, type Manifest } from './backup';

/**
 * Backups of a running app on PGlite (decision 026). PGlite is open in one process only, so that process
 * takes the backup: `npm run backup` leaves a request in the data folder and sends the app SIGUSR2; the
 * app dumps its database between two queries (`dumpDataDir`, a consistent copy), adds the media, and
 * leaves the outcome next to the request. Whoever may write the data folder may read all of it anyway,
 * so the request asks for nothing they could not take themselves.
 */
const PID_FILE = 'app.pid';
const REQUEST_FILE = 'backup-request.json';
const resultFile = (id: string) => `backup-result-${id}.json`;

interface Request {
  id: string;
  out: string;
  includeMedia: boolean;
}
type Result = { ok: true; manifest: Manifest } | { ok: false; error: string };

const isRequest = (value: unknown): value is Request => {
  const r = value as Partial<Request> | null;
  return (
    typeof r?.id === 'string' &&
    /^[0-9a-f]{16}$/.test(r.id) &&
    typeof r.out === 'string' &&
    isAbsolute(r.out) &&
    typeof r.includeMedia === 'boolean'
  );
};

/** In the app (main.ts), on PGlite: answers backup requests until the returned stop is called. */
export async function serveLiveBackups(deps: {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const { env, database, logger } = deps;
  const dump = database.dumpDataDir;
  if (!dump) return async () => {};
  const pidFile = join(env.DATA_DIR, PID_FILE);
  await writeFile(pidFile, String(process.pid));
  let busy = false;

  const answer = async () => {
    const path = join(env.DATA_DIR, REQUEST_FILE);
    const request: unknown = JSON.parse(await readFile(path, 'utf8').catch(() => 'null'));
    await rm(path, { force: true });
    if (!isRequest(request)) return logger.warn('SIGUSR2 without a valid backup request: ignored');
    let result: Result;
    try {
      const manifest = await createBackup(env, request.out, {
        includeMedia: request.includeMedia,
        live: {
          dump,
          counts: async () => (await database.executeSql(COUNTS)).rows[0] as Counts,
        },
      });
      logger.info({ file: request.out, counts: manifest.counts }, 'backup written');
      result = { ok: true, manifest };
    } catch (error) {
      logger.error({ err: error }, 'backup failed');
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    // Written whole, then renamed: the waiting command never reads half of it.
    const done = join(env.DATA_DIR, resultFile(request.id));
    await writeFile(`${done}.partial`, JSON.stringify(result), { mode: 0o600 });
    await rename(`${done}.partial`, done);
  };
  const onSignal = () => {
    if (busy) return;
    busy = true;
    void answer()
      .catch((error: unknown) => logger.error({ err: error }, 'backup request failed'))
      .finally(() => (busy = false));
  };
  process.on('SIGUSR2', onSignal);
  return async () => {
    process.off('SIGUSR2', onSignal);
    await rm(pidFile, { force: true });
  };
}

/** The running app's process id, when the pid file names a live process that is this app. */
async function runningApp(dataDir: string): Promise<number | null> {
  const pid = Number((await readFile(join(dataDir, PID_FILE), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  // A pid left by a crash may belong to another program by now: SIGUSR2 would end it. Where /proc
  // tells, only a Postwell server is signalled.
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (command !== null && !/src\/server\/main\.ts|scripts\/start\.mjs|scripts\/dev-server\.mjs/.test(command))
    return null;
  return pid;
}

/**
 * In `npm run backup`: asks the running app for the backup and waits for it. Null when no app is running
 * on this data folder (the backup is then taken directly).
 */
export async function requestLiveBackup(
  env: Env,
  out: string,
  options: { includeMedia: boolean; timeoutMs?: number },
): Promise<Manifest | null> {
  const pid = await runningApp(env.DATA_DIR);
  if (!pid) return null;
  const id = randomBytes(8).toString('hex');
  const request: Request = { id, out, includeMedia: options.includeMedia };
  await writeFile(join(env.DATA_DIR, REQUEST_FILE), JSON.stringify(request), { mode: 0o600 });
  process.kill(pid, 'SIGUSR2');
  const path = join(env.DATA_DIR, resultFile(id));
  const end = Date.now() + (options.timeoutMs ?? 60 * 60_000);
  for (;;) {
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text) {
      await rm(path, { force: true });
      const result = JSON.parse(text) as Result;
      if (!result.ok) throw new BackupError(`The app could not write the backup: ${result.error}`);
      return result.manifest;
    }
    if (Date.now() > end) throw new BackupError(`The app (process ${pid}) did not write the backup in time.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
