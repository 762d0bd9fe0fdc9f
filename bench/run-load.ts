import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** What the benches read of autocannon's result. */
export interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  '2xx': number;
  non2xx: number;
  /** Answers that bench/expect-body.cjs refused (only with `expectBody`). */
  mismatches: number;
  /** Connection errors and time-outs (10 s by default) together. */
  errors: number;
  timeouts: number;
}

/**
 * autocannon with these options from a separate process (bench/load.mjs), so that it has a core of its
 * own; `workers` spreads it over its worker threads (one thread tops out before our server does).
 */
export async function runLoad(options: Record<string, unknown>): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)('node', ['bench/load.mjs', JSON.stringify(options)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}
