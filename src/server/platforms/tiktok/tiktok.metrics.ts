import { z } from 'zod';
import type { MetricsReading } from '../contract';
import { postGone, reading } from '../metrics';

/**
 * A video's counts through the Display API (`POST /v2/video/query/`, scope `video.list`): likes,
 * comments, shares and views. TikTok gives no reach. The adapter passes its own API call (TikTok's
 * `{data, error}` envelope and error codes), so this module only says what to ask and how to read it.
 */

const FIELDS = 'id,like_count,comment_count,share_count,view_count';

const VideoQuery = z.object({
  videos: z.array(
    z.object({
      // int64 ids: JSON.parse cannot keep those above 2^53 exact, so they are compared as written.
      id: z.union([z.string(), z.number()]),
      like_count: z.number().optional(),
      comment_count: z.number().optional(),
      share_count: z.number().optional(),
      view_count: z.number().optional(),
    }),
  ),
});

export type TiktokQuery = <T>(path: string, json: unknown, schema: z.ZodType<T>) => Promise<T>;

export async function fetchVideoMetrics(query: TiktokQuery, videoId: string): Promise<MetricsReading> {
  const answer = await query(
    `/v2/video/query/?fields=${FIELDS}`,
    { filters: { video_ids: [videoId] } },
    VideoQuery,
  );
  // The query answers only the videos it still has (of this account): none means deleted or private.
  const video = answer.videos.find((candidate) => String(candidate.id) === videoId);
  if (!video) throw postGone('tiktok');
  return reading({
    likes: video.like_count,
    comments: video.comment_count,
    shares: video.share_count,
    impressions: video.view_count,
  });
}
