import type { Platform } from '../../shared/platforms/rules';
import { type MetricsReading, PlatformError } from './contract';
import { PLATFORM_NAMES } from '../../shared/platforms/names';

/**
 * What the adapters' `fetchMetrics` share: turning the network's counts into a reading that keeps
 * "not given" (null) apart from zero, and the one failure for a post the network no longer has.
 */

type Count = number | null | undefined;

/**
 * The sum of the counts the network gave; null when it gave none of them. One missing part of a sum
 * (X's quote count) does not make the whole unknown, but all missing does.
 */
export function countOf(...parts: Count[]): number | null {
  const given = parts.filter((part): part is number => typeof part === 'number' && Number.isFinite(part));
  return given.length ? given.reduce((sum, part) => sum + part, 0) : null;
}

/** A reading with every figure the network did not give set to null. */
export function reading(figures: Partial<Record<keyof MetricsReading, Count>>): MetricsReading {
  return {
    likes: countOf(figures.likes),
    shares: countOf(figures.shares),
    comments: countOf(figures.comments),
    reach: countOf(figures.reach),
    impressions: countOf(figures.impressions),
  };
}

/** The post was deleted on the network (or by its moderators): nothing more to read, ever. */
export const postGone = (platform: Platform) =>
  new PlatformError('permanent', `the post is no longer on ${PLATFORM_NAMES[platform]}`, {
    code: 'post_gone',
  });

/** Runs a read; a 404 from the network means the post is gone (`postGone`), anything else is unchanged. */
export async function goneOn404<T>(platform: Platform, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'permanent' && error.options.status === 404)
      throw postGone(platform);
    throw error;
  }
}
