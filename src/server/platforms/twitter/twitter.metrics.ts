import { z } from 'zod';
import type { MetricsReading } from '../contract';
import { expectShape, unexpectedAnswer } from '../http';
import { countOf, goneOn404, postGone, reading } from '../metrics';

/**
 * A tweet's public metrics (`GET /2/tweets/:id?tweet.fields=public_metrics`). Retweets and quotes both
 * pass the tweet on, so they are summed as shares. `impression_count` is only given for tweets of the
 * last 30 days on some access levels: when absent it stays null. The adapter passes its own GET (X's
 * error messages, the account's token).
 */

const PublicMetrics = z.object({
  like_count: z.number().optional(),
  retweet_count: z.number().optional(),
  quote_count: z.number().optional(),
  reply_count: z.number().optional(),
  impression_count: z.number().optional(),
});
const TweetMetrics = z.object({
  data: z.object({ id: z.string(), public_metrics: PublicMetrics.optional() }).optional(),
  // X answers 200 with only `errors` for a deleted tweet (a "Not Found Error" resource problem).
  errors: z.array(z.object({ type: z.string().optional(), title: z.string().optional() })).optional(),
});

export async function fetchTweetMetrics(
  get: (path: string) => Promise<unknown>,
  tweetId: string,
): Promise<MetricsReading> {
  const body = await goneOn404('twitter', () =>
    get(`/2/tweets/${encodeURIComponent(tweetId)}?tweet.fields=public_metrics`),
  );
  const answer = expectShape('twitter', TweetMetrics, body);
  if (!answer.data) {
    if (answer.errors?.some((error) => error.type?.endsWith('/resource-not-found')))
      throw postGone('twitter');
    throw unexpectedAnswer('twitter');
  }
  const metrics = answer.data.public_metrics ?? {};
  return reading({
    likes: metrics.like_count,
    shares: countOf(metrics.retweet_count, metrics.quote_count),
    comments: metrics.reply_count,
    impressions: metrics.impression_count,
  });
}
