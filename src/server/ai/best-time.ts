import type { BestTime } from '../../shared/api/ai.schemas';
import { PLATFORMS, type Platform } from '../../shared/platforms/rules';
import { zonedParts } from '../../shared/time/zoned-day';
import type { MetricRow } from './ai.repo';

/** Below this many published posts with figures the history says too little: defaults are shown. */
export const MIN_SAMPLE = 10;
/** How many slots the answer lists per network and overall. */
const TOP = 3;

/**
 * The times to post when a user's own history is too thin, per network, in the user's zone: the peaks
 * that the large published studies of engagement by weekday and hour agree on (Sprout Social's and
 * Hootsuite's yearly reports; see docs/decisions/021-ai-providers.md). Weekday 0 is Sunday.
 */
export const DEFAULT_SLOTS: Record<Platform, { weekday: number; hour: number }[]> = {
  twitter: [
    { weekday: 2, hour: 9 },
    { weekday: 3, hour: 9 },
  ],
  bluesky: [
    { weekday: 2, hour: 12 },
    { weekday: 3, hour: 12 },
  ],
  facebook: [
    { weekday: 2, hour: 9 },
    { weekday: 3, hour: 11 },
  ],
  instagram: [
    { weekday: 2, hour: 11 },
    { weekday: 3, hour: 11 },
  ],
  linkedin: [
    { weekday: 2, hour: 10 },
    { weekday: 3, hour: 9 },
  ],
  tiktok: [
    { weekday: 4, hour: 19 },
    { weekday: 5, hour: 17 },
  ],
};

export const engagementOf = (row: Pick<MetricRow, 'likes' | 'shares' | 'comments'>) =>
  row.likes + row.shares + row.comments;

const weekdayOf = (at: Date, zone: string) => {
  const { year, month, day } = zonedParts(at, zone);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
};

/**
 * The best weekday-and-hour slots from the user's own published posts: the mean engagement (likes +
 * shares + comments) of the posts published in each slot, in the user's zone, best first, per network
 * and over all networks (platform null). With fewer than MIN_SAMPLE posts, the defaults above instead,
 * with `enough: false` and no figures.
 */
export function bestTime(rows: MetricRow[], zone: string, platforms?: readonly Platform[]): BestTime {
  const networks = platforms?.length ? platforms : PLATFORMS;
  if (rows.length < MIN_SAMPLE) {
    return {
      zone,
      sampleSize: rows.length,
      enough: false,
      source: 'default',
      slots: networks.flatMap((platform) =>
        DEFAULT_SLOTS[platform].map((slot) => ({ platform, ...slot, engagement: null, posts: 0 })),
      ),
    };
  }
  const groups = new Map<
    string,
    { platform: Platform | null; weekday: number; hour: number; sum: number; posts: number }
  >();
  for (const row of rows) {
    const weekday = weekdayOf(row.publishedAt, zone);
    const { hour } = zonedParts(row.publishedAt, zone);
    for (const platform of [row.platform, null]) {
      const key = `${platform ?? '*'}|${weekday}|${hour}`;
      const group = groups.get(key) ?? { platform, weekday, hour, sum: 0, posts: 0 };
      group.sum += engagementOf(row);
      group.posts += 1;
      groups.set(key, group);
    }
  }
  const ranked = [...groups.values()]
    .map((g) => ({
      platform: g.platform,
      weekday: g.weekday,
      hour: g.hour,
      engagement: Math.round((g.sum / g.posts) * 10) / 10,
      posts: g.posts,
    }))
    // Best mean first; on a tie, the slot with more posts behind it.
    .sort(
      (a, b) => b.engagement - a.engagement || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour,
    );
  const slots = [null, ...networks].flatMap((platform) =>
    ranked.filter((slot) => slot.platform === platform).slice(0, TOP),
  );
  return { zone, sampleSize: rows.length, enough: true, source: 'history', slots };
}
