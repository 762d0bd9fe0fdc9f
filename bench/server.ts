import { spawn } from 'node:child_process';

/** Starts `src/server/main.ts` as a child process and waits until /api/health answers. */
export async function startServer(
  env: Record<string, string>,
  options: { port: number; host?: string; stdio?: 'ignore' | 'pipe' } = { port: 3300 },
) {
  const base = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', options.stdio ?? 'ignore', 'inherit'],
  });
  for (
    let i = 0;
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 600) throw new Error('server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
