import { setTimeout as sleep } from 'node:timers/promises';
import type { Platform } from '../../shared/platforms/rules';
import { timedOut } from './http';

/**
 * The wait between two status checks of a network's processing (X and LinkedIn media, Instagram
 * containers, TikTok publishes). The attempt's signal ends it: its deadline passing while we wait is
 * the network not answering in time, the same transient `timeout` as a request that ran out.
 */
export async function pauseBeforePoll(platform: Platform, ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw timedOut(platform);
  }
}
