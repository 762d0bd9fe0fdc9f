import type { z } from 'zod';
import type {
  BestTime,
  HistoricalDataSchema,
  Performance,
  PostDataSchema,
  Recommendation,
} from '../../shared/api/ai.schemas';
import { PLATFORMS, type Platform } from '../../shared/platforms/rules';
import { type SessionUser, scopeOf } from '../auth/session';
import type { Scope } from '../workspaces/workspaces.repo';
import { AppError, notFound } from '../http/errors';
import type { AiRepo, MetricRow } from './ai.repo';
import { bestTime, engagementOf, MIN_SAMPLE } from './best-time';
import { keywordsOf, suggestHashtags } from './offline/keywords';
import { plainText } from './offline/insights';
import { guessEnglish } from './offline/language';
import { loadNlp } from './offline/nlp';
import { recommend } from './offline/recommendations';
import { sentimentOf, toneOf } from './offline/sentiment';

const DAY_MS = 86_400_000;
/** The window a prediction or an analysis without dates looks back over. */
export const DEFAULT_DAYS = 90;
/** The most published targets one answer reads (the most recent first). */
const ROWS_MAX = 5000;
/** The posts whose words suggest hashtags: the best-performing ones. */
const TOP_POSTS = 10;
/** A network needs this many posts with figures before it can be called the best. */
const NETWORK_MIN_POSTS = 3;

export interface PerformanceDeps {
  repo: AiRepo;
  userTags: (scope: Scope) => Promise<string[]>;
  clock: () => Date;
}

/** Best time to post and the analysis of published posts, from the workspace's own posts and figures only. */
export function createPerformanceService({ repo, userTags, clock }: PerformanceDeps) {
  const zoneOf = async (userId: string) => (await repo.zoneOf(userId)) ?? 'UTC';

  /** From the workspace's figures, on the clocks of the caller's own zone. */
  const predict = async (
    { workspaceId, userId }: Scope,
    days: number,
    platforms?: readonly Platform[],
  ): Promise<BestTime> => {
    const from = new Date(clock().getTime() - days * DAY_MS);
    const rows = await repo.metrics(workspaceId, { from, platforms, limit: ROWS_MAX });
    return bestTime(rows, await zoneOf(userId), platforms);
  };

  /** The network with the best mean engagement per post, when at least two have enough posts. */
  const bestNetwork = (rows: MetricRow[]): Recommendation | undefined => {
    const totals = new Map<Platform, { sum: number; posts: number }>();
    for (const row of rows) {
      const total = totals.get(row.platform) ?? { sum: 0, posts: 0 };
      total.sum += engagementOf(row);
      total.posts += 1;
      totals.set(row.platform, total);
    }
    const ranked = [...totals.entries()]
      .filter(([, t]) => t.posts >= NETWORK_MIN_POSTS)
      .map(([platform, t]) => ({ platform, mean: t.sum / t.posts }))
      .sort((a, b) => b.mean - a.mean);
    if (ranked.length < 2) return undefined;
    return {
      code: 'bestNetwork',
      platform: ranked[0]!.platform,
      values: { count: Math.round(ranked[0]!.mean * 10) / 10 },
    };
  };

  return {
    predictBestTime: (actor: SessionUser, input: z.output<typeof HistoricalDataSchema>) =>
      predict(scopeOf(actor), input.days ?? DEFAULT_DAYS, input.platforms),

    /**
     * One post of the caller's (`postId`), or the caller's posts published between `from` and `to`
     * (dates, both included; the last 90 days by default): how many had figures, the sentiment of their
     * texts, hashtags from the best ones' words, the best time to post, and advice.
     */
    async analyse(actor: SessionUser, input: z.output<typeof PostDataSchema>): Promise<Performance> {
      const now = clock();
      if (input.from && input.to && input.from > input.to)
        throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body: postData.to (errors.validation)', {
          fields: { 'postData.to': 'errors.validation' },
        });
      let rows: MetricRow[];
      let texts: string[];
      let ruleAdvice: Recommendation[] = [];
      const nlp = await loadNlp();
      if (input.postId) {
        if (!(await repo.ownsPost(actor.workspace.id, input.postId))) throw notFound('This post');
        rows = await repo.metrics(actor.workspace.id, { postId: input.postId, limit: ROWS_MAX });
        const post = await repo.postOf(actor.workspace.id, input.postId);
        texts = post ? [plainText(post.contentHtml)] : [];
        if (post) {
          const text = texts[0]!;
          const english = guessEnglish(text).english;
          const platforms = post.platforms.length ? post.platforms : PLATFORMS;
          ruleAdvice = recommend({ text, platforms, english, tone: sentimentOf(nlp, text).tone });
        }
      } else {
        const from = input.from
          ? new Date(`${input.from}T00:00:00Z`)
          : new Date(now.getTime() - DEFAULT_DAYS * DAY_MS);
        const to = input.to ? new Date(new Date(`${input.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
        rows = await repo.metrics(actor.workspace.id, {
          from,
          to,
          platforms: input.platforms,
          limit: ROWS_MAX,
        });
        const best = [...new Map(rows.map((row) => [row.postId, row])).values()]
          .sort((a, b) => engagementOf(b) - engagementOf(a))
          .slice(0, TOP_POSTS);
        texts = best.map((row) => plainText(row.contentHtml));
      }
      const judged = texts.map((text) => sentimentOf(nlp, text)).filter((s) => s.analysed);
      const score = judged.length
        ? Math.round((judged.reduce((sum, s) => sum + s.score, 0) / judged.length) * 1000) / 1000
        : 0;
      const english = texts.filter((text) => guessEnglish(text).english).join('\n');
      const recommendations: Recommendation[] = [...ruleAdvice];
      if (rows.length < MIN_SAMPLE)
        recommendations.push({ code: 'fewData', values: { count: rows.length, min: MIN_SAMPLE } });
      const network = input.postId ? undefined : bestNetwork(rows);
      if (network) recommendations.push(network);
      return {
        sampleSize: rows.length,
        suggestedHashtags: english
          ? suggestHashtags(keywordsOf(nlp, english), english, await userTags(scopeOf(actor)))
          : [],
        optimalPostTime: await predict(scopeOf(actor), DEFAULT_DAYS, input.platforms),
        sentiment: {
          sentiment: toneOf(score),
          score,
          analysed: judged.length > 0,
          notAnalysed: judged.length ? null : texts.length ? 'notEnglish' : 'noPosts',
        },
        recommendations,
      };
    },
  };
}
export type PerformanceService = ReturnType<typeof createPerformanceService>;
