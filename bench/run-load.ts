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

/** What bench/open-loop.mjs reports. */
export interface OpenLoopResult {
  latency: { p50: number; p90: number; p99: number; max: number };
  sent: number;
  seconds: number;
  statuses: Record<string, number>;
  errors: number;
}

/**
 * A steady `rate` of requests a second over `connections` keep-alive connections, whatever the answers do
 * (bench/open-loop.mjs, in a process of its own): latency as a reader waits it, timed from when each
 * request was due. autocannon's own rate limit sends each connection's requests on a timer of its own,
 * in bursts that measure the bursts.
 */
export async function runOpenLoop(options: {
  url: string;
  connections: number;
  rate: number;
  duration: number;
  warmup?: number;
  headers?: Record<string, string>;
}): Promise<OpenLoopResult> {
  const { stdout } = await promisify(execFile)('node', ['bench/open-loop.mjs', JSON.stringify(options)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as OpenLoopResult;
}
