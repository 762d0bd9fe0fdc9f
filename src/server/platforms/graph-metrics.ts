import { z } from 'zod';
import type { MetricsReading } from './contract';
import { type GraphPlatform, graphInsights, graphRequest, withQuery } from './graph';
import { expectShape } from './http';
import { postGone, reading } from './metrics';

/**
 * A published post's figures on the Graph API: the object's own counts, then its insights. Facebook Page
 * posts and Instagram media ask for different fields and metrics but read them the same way.
 */

export interface GraphMetricsCall {
  apiUrl: string;
  /** The object's id (a Page post id `pageid_postid`, an Instagram media id). */
  id: string;
  /** `access_token` and, on Facebook, `appsecret_proof`. */
  auth: Record<string, string | undefined>;
  signal: AbortSignal;
}

const summaryCount = z.object({ summary: z.object({ total_count: z.number().optional() }).optional() });
const PagePost = z.object({
  reactions: summaryCount.optional(),
  comments: summaryCount.optional(),
  shares: z.object({ count: z.number().optional() }).optional(),
});
const Media = z.object({ like_count: z.number().optional(), comments_count: z.number().optional() });

async function readObject<T>(
  platform: GraphPlatform,
  call: GraphMetricsCall,
  fields: string,
  shape: z.ZodType<T>,
) {
  const body = await graphRequest(
    platform,
    withQuery(`${call.apiUrl}/${call.id}`, { fields, ...call.auth }),
    {
      method: 'GET',
      signal: call.signal,
      notFound: () => postGone(platform),
    },
  );
  return expectShape(platform, shape, body);
}

const insightsOf = (platform: GraphPlatform, call: GraphMetricsCall, metrics: string) =>
  graphInsights(
    platform,
    withQuery(`${call.apiUrl}/${call.id}/insights`, { metric: metrics, ...call.auth }),
    call.signal,
  );

/**
 * A Page post: reactions (all kinds, as the post shows them) as likes, comments and shares from the post;
 * impressions and unique impressions (reach) from its insights. Graph leaves `shares` out of a post
 * nobody shared, and we keep that null rather than guess 0.
 */
export async function fetchPagePostMetrics(call: GraphMetricsCall): Promise<MetricsReading> {
  const post = await readObject(
    'facebook',
    call,
    'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares',
    PagePost,
  );
  const insights = await insightsOf('facebook', call, 'post_impressions,post_impressions_unique');
  return reading({
    likes: post.reactions?.summary?.total_count,
    comments: post.comments?.summary?.total_count,
    shares: post.shares?.count,
    reach: insights.get('post_impressions_unique'),
    impressions: insights.get('post_impressions'),
  });
}

/**
 * Instagram media: like and comment counts from the media (likes are absent when the owner hid them),
 * reach, shares and views from its insights (`views` replaced `impressions` for media since 2024).
 */
export async function fetchMediaMetrics(call: GraphMetricsCall): Promise<MetricsReading> {
  const media = await readObject('instagram', call, 'like_count,comments_count', Media);
  const insights = await insightsOf('instagram', call, 'reach,views,shares');
  return reading({
    likes: media.like_count,
    comments: media.comments_count,
    shares: insights.get('shares'),
    reach: insights.get('reach'),
    impressions: insights.get('views'),
  });
}
