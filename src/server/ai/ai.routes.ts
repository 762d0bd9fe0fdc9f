import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdaptRequestSchema,
  AiPostParamsSchema,
  AiStatusSchema,
  BestTimeRequestSchema,
  BestTimeResponseSchema,
  ChatRequestSchema,
  GenerateContentRequestSchema,
  InsightsRequestSchema,
  InsightsResponseSchema,
  PerformanceRequestSchema,
  PerformanceResponseSchema,
  SentimentRequestSchema,
  SentimentResponseSchema,
  StoredInsightsResponseSchema,
  TextResponseSchema,
} from '../../shared/api/ai.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { type Guards, userOf } from '../auth/session';
import type { AiService } from './ai.service';
import type { PerformanceService } from './performance.service';
import { createUserRateLimit } from './rate-limit';

const E = ApiErrorSchema;

/** Aborted when the client goes away before its answer is sent, so a model call stops with it. */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Spec section 7's six AI calls (their names as the spec spells them), the status the web asks first,
 * and the insights stored with a post (spec section 3), which the composer shows when the post is opened.
 */
export async function aiRoutes(
  app: FastifyInstance,
  {
    ai,
    performance,
    guards,
    perMinute,
  }: { ai: AiService; performance: PerformanceService; guards: Guards; perMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [guards.requireUser, createUserRateLimit(perMinute)];
  /** The helpers that write with the model: for the members who write (`shared/workspaces/rules.ts`). */
  const writes = [guards.requireUser, guards.may('write'), createUserRateLimit(perMinute)];
  const tags = ['ai'];
  const errors = { 400: E, 401: E, 424: E, 429: E };

  r.get(
    '/api/ai/status',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Whether a model is configured, and the tones',
        response: { 200: AiStatusSchema, 401: E },
      },
    },
    async () => ai.status(),
  );
  r.post(
    '/api/ai/generatePostInsights',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: "A post's tone, advice per network and hashtag suggestions; stored when a post is named",
        body: InsightsRequestSchema,
        response: { 200: InsightsResponseSchema, ...errors, 404: E },
      },
    },
    async (request, reply) => ({
      response: await ai.insights(userOf(request), request.body, abortOnClose(reply)),
    }),
  );
  r.get(
    '/api/ai/posts/:id/insights',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'The newest insights stored with one of your posts, with when they were made (null: none)',
        params: AiPostParamsSchema,
        response: { 200: StoredInsightsResponseSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => ({ response: await ai.storedForPost(userOf(request), request.params.id) }),
  );
  r.post(
    '/api/ai/chatWithAI',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: "The model's answer to a chat (roles user and model); needs a model",
        body: ChatRequestSchema,
        response: { 200: TextResponseSchema, ...errors },
      },
    },
    async (request, reply) => ({ response: await ai.chat(request.body, abortOnClose(reply)) }),
  );
  r.post(
    '/api/ai/generateContent',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'A post written by the model from a prompt, in a tone; needs a model',
        body: GenerateContentRequestSchema,
        response: { 200: TextResponseSchema, ...errors },
      },
    },
    async (request, reply) => ({ response: await ai.generateContent(request.body, abortOnClose(reply)) }),
  );
  r.post(
    '/api/ai/adaptForNetwork',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: 'The post rewritten by the model for one network, in its tone and length; needs a model',
        body: AdaptRequestSchema,
        response: { 200: TextResponseSchema, ...errors },
      },
    },
    async (request, reply) => ({ response: await ai.adapt(request.body, abortOnClose(reply)) }),
  );
  r.post(
    '/api/ai/getPostSentiment',
    {
      onRequest: writes,
      schema: {
        tags,
        summary: "A text's sentiment (Positive, Neutral, Negative with a score); English only",
        body: SentimentRequestSchema,
        response: { 200: SentimentResponseSchema, ...errors },
      },
    },
    async (request) => ({ response: await ai.sentiment(request.body.content) }),
  );
  r.post(
    '/api/ai/analyzePostPerformance',
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's published posts with figures: sentiment, hashtags, best time, advice",
        body: PerformanceRequestSchema,
        response: { 200: PerformanceResponseSchema, ...errors, 404: E },
      },
    },
    async (request) => ({ response: await performance.analyse(userOf(request), request.body.postData) }),
  );
  r.post(
    '/api/ai/predictBestTimeToPost',
    {
      onRequest,
      schema: {
        tags,
        summary: "The best weekday and hour to post from the caller's own history, or documented defaults",
        body: BestTimeRequestSchema,
        response: { 200: BestTimeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      response: await performance.predictBestTime(userOf(request), request.body.historicalData),
    }),
  );
}
