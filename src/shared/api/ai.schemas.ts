import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';

/**
 * The AI helpers' API (spec sections 3, 5, 7, 8, 9): six calls under `/api/ai/`, each answering
 * `{ response }`. Messages are i18n keys; the spec's words are their English texts.
 *
 * Failures beyond bad input (no 5xx, whatever the provider does):
 * - 424 `ai_not_configured`: the call needs a model (Generate Content, Chat) and none is configured;
 * - 424 `ai_failed`: the provider refused, stalled past the timeout or failed twice (the spec's fallback,
 *   e.g. 'Failed to get chat response.');
 * - 424 `ai_invalid_response`: the provider answered something that is not the expected shape (the spec's
 *   shape error, e.g. 'Received invalid response format from AI chat.');
 * - 429 `rate_limited`: the per-user limit, with `retryAfterSeconds`.
 */

/** Spec section 9, in its order. None is selected by default. */
export const AI_TONES = [
  'Professional',
  'Funny',
  'Serious',
  'Friendly',
  'Casual',
  'Enthusiastic',
  'Informative',
] as const;
export type AiTone = (typeof AI_TONES)[number];

/** An insight's tone, shown green / blue / red (spec section 9). */
export const INSIGHT_TONES = ['Positive', 'Neutral', 'Negative'] as const;
export type InsightTone = (typeof INSIGHT_TONES)[number];

/** The longest text an AI call takes: a post's HTML is capped at 100,000 characters too. */
export const AI_TEXT_MAX = 100_000;

const tone = z.enum(AI_TONES, 'errors.validation').nullable().optional();
/** Content that is empty once trimmed (tags and whitespace alone) gets the route's own message. */
const requiredText = (key: string) =>
  z
    .string(key)
    .max(AI_TEXT_MAX, 'posts.contentTooLong')
    // `[^<>]`, not `[^>]`: a run of '<' with no '>' would be rescanned from each of its characters.
    .refine((text) => text.replace(/<[^<>]*>/g, '').trim().length > 0, key);

/**
 * One recommendation, translated by the web: `code` names the rule (its i18n key is `ai.rec.<code>`),
 * `platform` and `values` fill its placeholders ("X: {count} characters over"). A model's free-text
 * advice has code `model` and its words in `text`.
 */
export const RecommendationSchema = z.object({
  code: z.string(),
  platform: z.enum(PLATFORMS).optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  text: z.string().optional(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** What analysed a text: the built-in English analysis, or the configured model. */
export const AI_SOURCES = ['offline', 'model'] as const;

// ---------- POST /api/ai/generatePostInsights ----------
export const InsightsRequestSchema = z.object({
  content: requiredText('ai.contentRequiredForInsights'),
  tone,
  /** The networks the post goes to: recommendations name them. All six when absent. */
  platforms: z.array(z.enum(PLATFORMS, 'posts.platformInvalid')).max(PLATFORMS.length).optional(),
  /** Store the insights with this post of the caller's (404 for anyone else's). */
  postId: z.uuid('errors.validation').optional(),
  /** Store the insights with this recurring post of the caller's (404 for anyone else's). */
  recurringPostId: z.uuid('errors.validation').optional(),
});
export const InsightsSchema = z.object({
  tone: z.enum(INSIGHT_TONES),
  /** Sentiment score in [-1, 1]. */
  score: z.number(),
  recommendations: z.array(RecommendationSchema),
  hashtags: z.array(z.string()),
  /** `false` when the text is not English and the offline analysis therefore said nothing of its tone. */
  analysed: z.boolean(),
  source: z.enum(AI_SOURCES),
  generatedAt: z.string(),
});
export type Insights = z.infer<typeof InsightsSchema>;
export const InsightsResponseSchema = z.object({ response: InsightsSchema });

// ---------- GET /api/ai/posts/:id/insights ----------
/** One of the caller's posts, by id. */
export const AiPostParamsSchema = z.object({ id: z.uuid('errors.validation') });
/** The newest insights stored with the post (`generatedAt` says when), or null when none were made. */
export const StoredInsightsResponseSchema = z.object({ response: InsightsSchema.nullable() });

// ---------- POST /api/ai/chatWithAI ----------
export const CHAT_ROLES = ['user', 'model'] as const;
export const ChatMessageSchema = z.object({
  role: z.enum(CHAT_ROLES, 'errors.validation'),
  parts: z
    .array(z.object({ text: z.string().max(AI_TEXT_MAX, 'posts.contentTooLong') }))
    .min(1)
    .max(20),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
/** How many messages of history a chat keeps; older ones are dropped first (client and server). */
export const CHAT_HISTORY_MAX = 30;
export const ChatRequestSchema = z.object({
  /** The history, oldest first, ending with the user's new message. */
  messages: z.array(ChatMessageSchema, 'ai.messagesRequired').min(1, 'ai.messagesRequired').max(200),
  tone,
});
export const TextResponseSchema = z.object({ response: z.string() });

// ---------- POST /api/ai/generateContent ----------
export const GenerateContentRequestSchema = z.object({
  prompt: requiredText('ai.promptRequired'),
  tone,
  platforms: z.array(z.enum(PLATFORMS, 'posts.platformInvalid')).max(PLATFORMS.length).optional(),
});

// ---------- POST /api/ai/adaptForNetwork ----------
/** A post (HTML) rewritten by the model for one network: that network's tone and length (issue 26). */
export const AdaptRequestSchema = z.object({
  content: requiredText('ai.contentRequired'),
  platform: z.enum(PLATFORMS, 'posts.platformInvalid'),
  tone,
});

// ---------- POST /api/ai/getPostSentiment ----------
export const SentimentRequestSchema = z.object({ content: requiredText('ai.contentRequired') });
export const SentimentSchema = z.object({
  /** The text that was judged (tags removed). */
  content: z.string(),
  sentiment: z.enum(INSIGHT_TONES),
  score: z.number(),
  analysed: z.boolean(),
});
export const SentimentResponseSchema = z.object({ response: SentimentSchema });

// ---------- POST /api/ai/predictBestTimeToPost ----------
/** Which of the caller's own published posts to learn from; the figures themselves are read on the server. */
export const HistoricalDataSchema = z.object(
  {
    platforms: z.array(z.enum(PLATFORMS, 'posts.platformInvalid')).max(PLATFORMS.length).optional(),
    /** Look back this many days (default 90). */
    days: z.number().int().min(1, 'errors.validation').max(730, 'errors.validation').optional(),
  },
  'ai.historicalDataRequired',
);
/** `historicalData` missing or not an object: 'Historical data required.' */
export const BestTimeRequestSchema = z.object({ historicalData: HistoricalDataSchema });
export const BestTimeSlotSchema = z.object({
  platform: z.enum(PLATFORMS).nullable(),
  /** 0 Sunday … 6 Saturday, in `zone`. */
  weekday: z.number().int(),
  hour: z.number().int(),
  /** Mean engagement (likes + shares + comments) per post published in this slot; null for a default. */
  engagement: z.number().nullable(),
  /** Posts behind the figure; 0 for a default. */
  posts: z.number().int(),
});
export const BestTimeSchema = z.object({
  zone: z.string(),
  /** Published posts with figures that the prediction learnt from. */
  sampleSize: z.number().int(),
  /** False when there were too few posts: `slots` then holds the documented defaults per network. */
  enough: z.boolean(),
  source: z.enum(['history', 'default']),
  slots: z.array(BestTimeSlotSchema),
});
export type BestTime = z.infer<typeof BestTimeSchema>;
export const BestTimeResponseSchema = z.object({ response: BestTimeSchema });

// ---------- POST /api/ai/analyzePostPerformance ----------
/** One post of the caller's, or the caller's posts published in a range (the Analytics page). */
export const PostDataSchema = z.object(
  {
    postId: z.uuid('errors.validation').optional(),
    from: z.iso.date('errors.validation').optional(),
    to: z.iso.date('errors.validation').optional(),
    platforms: z.array(z.enum(PLATFORMS, 'posts.platformInvalid')).max(PLATFORMS.length).optional(),
  },
  'ai.postDataRequired',
);
/** Why an analysis judged no text: nothing to analyse yet, or nothing in English. */
export const PERFORMANCE_NOT_ANALYSED = ['noPosts', 'notEnglish'] as const;
/** `postData` missing or not an object: 'Post data required.' */
export const PerformanceRequestSchema = z.object({ postData: PostDataSchema });
export const PerformanceSchema = z.object({
  /** Published posts with figures that were analysed. */
  sampleSize: z.number().int(),
  suggestedHashtags: z.array(z.string()),
  optimalPostTime: BestTimeSchema,
  sentiment: SentimentSchema.omit({ content: true }).extend({
    /**
     * Why no text was judged (`analysed: false`): `noPosts` while no post in scope has figures yet (so
     * there is no text to judge), `notEnglish` when every text was in another language; null otherwise.
     */
    notAnalysed: z.enum(PERFORMANCE_NOT_ANALYSED).nullable(),
  }),
  recommendations: z.array(RecommendationSchema),
});
export type Performance = z.infer<typeof PerformanceSchema>;
export const PerformanceResponseSchema = z.object({ response: PerformanceSchema });

// ---------- GET /api/ai/status ----------
/** What the web needs to know before offering the model-backed actions. */
export const AiStatusSchema = z.object({ model: z.boolean(), tones: z.array(z.enum(AI_TONES)) });
