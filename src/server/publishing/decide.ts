import { PlatformError } from '../platforms/contract';
import type { Outcome } from './publishing.repo';

/** The longest wait between two tries. */
const MAX_BACKOFF_MS = 2 * 60 * 60_000;
/** Waiting longer than this for a rate limit is a failure the person should see, not a silent delay. */
const MAX_WAIT_MS = 24 * 60 * 60_000;

export interface RetryRules {
  /** The first retry waits this long; each next one four times longer (capped at two hours). */
  retryBaseMs: number;
  /** Tries before a target fails for good on transient errors. */
  maxAttempts: number;
}

/**
 * How long to wait after the `attempts`-th try: the base, four times longer each time, capped at two
 * hours, spread by ±20 % (`random` in [0, 1)) so that targets that failed together do not retry together.
 */
export function backoff(attempts: number, retryBaseMs: number, random: number): number {
  const base = Math.min(retryBaseMs * 4 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(base * (0.8 + random * 0.4));
}

/**
 * What an attempt's error means for its target, the `attempts`-th try, at `now`: a network's refusal
 * fails it for good with the network's words; a transient error (or an error of ours) brings another try
 * after the backoff or the network's own reset time, until the tries or a day's wait run out.
 */
export function decide(
  error: unknown,
  attempts: number,
  now: Date,
  rules: RetryRules,
  random: number,
): Outcome {
  // A refusal without a code of its own keeps the network's words, under a code the web can word.
  if (error instanceof PlatformError && error.kind === 'permanent')
    return { kind: 'failed', error: error.message, code: error.options.code ?? 'refused' };
  const transient = error instanceof PlatformError;
  const message = transient ? error.message : 'Something went wrong while publishing; the error was logged.';
  const code = transient ? (error.options.code ?? null) : 'internal';
  const wait = Math.max(
    backoff(attempts, rules.retryBaseMs, random),
    transient ? (error.options.retryAfterMs ?? 0) : 0,
  );
  if (attempts >= rules.maxAttempts || wait > MAX_WAIT_MS)
    return { kind: 'failed', error: `${message} (gave up after ${attempts} tries)`, code };
  return { kind: 'retry', at: new Date(now.getTime() + wait), error: message, code };
}
