import { type ChildProcess, spawn } from 'node:child_process';
import { npmStartArgs } from '../bench/npm-start.mjs';

export interface ChildServer {
  base: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr, for a failing test's message. */
  output(): string;
  /** SIGTERM (graceful) by default; SIGKILL to simulate a crash. Resolves when the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `src/server/main.ts` (or `npm start`'s command) as a child process (the real entry point, any
 * --role) and, unless it is a worker without HTTP, waits until /api/health answers.
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    port: number;
    host?: string;
    args?: string[];
    /** Options for node itself, e.g. --cpu-prof for a benchmark's profile. */
    nodeArgs?: string[];
    waitFor?: 'health' | 'ready';
    /** Runs what `npm start` runs (the built server, its Node flags) instead of the sources via tsx. */
    npmStart?: boolean;
  } = { port: 3300 },
): Promise<ChildServer> {
  const base = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(options.npmStart ? npmStartArgs() : ['--import', 'tsx', 'src/server/main.ts']),
      ...(options.args ?? []),
    ],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        LOG_LEVEL: 'warn',
        PUBLIC_URL: base,
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  let ready = false;
  child.stdout!.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    if (log.includes('"msg":"ready"')) ready = true;
  });
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const up = async () =>
    options.waitFor === 'ready'
      ? ready
      : fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
  for (let i = 0; !(await up()); i++) {
    if (gone) throw new Error(`server exited during start:\n${log}`);
    if (i > 1200) throw new Error(`server did not start within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}
