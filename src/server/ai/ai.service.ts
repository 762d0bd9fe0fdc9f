import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  AI_TONES,
  type AdaptRequestSchema,
  type ChatRequestSchema,
  type GenerateContentRequestSchema,
  type Insights,
  type InsightsRequestSchema,
  type Recommendation,
} from '../../shared/api/ai.schemas';
import { type Platform, rulesFor } from '../../shared/platforms/rules';
import { type SessionUser, scopeOf } from '../auth/session';
import type { Scope, WorkspaceId } from '../workspaces/workspaces.repo';
import type { HashtagsService } from '../hashtags/hashtags.service';
import { notFound } from '../http/errors';
import type { AiRepo } from './ai.repo';
import { notConfigured, providerFailure } from './failures';
import { analyseOffline, plainText } from './offline/insights';
import { loadNlp } from './offline/nlp';
import { sentimentOf } from './offline/sentiment';
import { adaptPrompt, chatPrompt, contentPrompt, insightsPrompt } from './prompts';
import { type AiProvider, AiProviderError } from './provider';

export interface AiServiceDeps {
  repo: AiRepo;
  hashtags: Pick<HashtagsService, 'userTags'>;
  /** The configured model; null when none is (generation and chat then answer 424 ai_not_configured). */
  provider: AiProvider | null;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/** A model's advice: at most three strings, each short. */
const ADVICE_MAX = 3;
const ADVICE_CHARS = 400;

/** The model's `{"advice": [...]}`, or an AiProviderError('invalid') for anything else. */
export function parseAdvice(answer: string): string[] {
  // Models often wrap JSON in a ``` fence: take the outermost braces.
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  let value: unknown;
  try {
    value = JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw new AiProviderError('invalid', 'The model did not answer JSON.');
  }
  const advice = (value as { advice?: unknown } | null)?.advice;
  if (start < 0 || !Array.isArray(advice) || !advice.every((a) => typeof a === 'string'))
    throw new AiProviderError('invalid', 'The model answered JSON without advice.');
  return (advice as string[])
    .map((a) => a.trim().slice(0, ADVICE_CHARS))
    .filter(Boolean)
    .slice(0, ADVICE_MAX);
}

export function createAiService({ repo, hashtags, provider, clock, logger }: AiServiceDeps) {
  /** The workspace's and user's tags from the hashtag feature: custom ones, then recently used ones. */
  const userTags = (scope: Scope) => hashtags.userTags(scope);

  const offline = async (scope: Scope, html: string, platforms?: readonly Platform[]) =>
    analyseOffline(await loadNlp(), html, { platforms, userTags: await userTags(scope), now: clock() });

  const requireModel = () => {
    if (!provider) throw notConfigured();
    return provider;
  };

  return {
    status: () => ({ model: provider !== null, tones: [...AI_TONES] }),

    /**
     * The offline analysis, plus the model's advice when a model is configured and answers well; a model
     * that fails or answers badly is logged and left out, never failing the call.
     */
    async insights(
      actor: SessionUser,
      input: z.output<typeof InsightsRequestSchema>,
      signal?: AbortSignal,
    ): Promise<Insights> {
      if (input.postId && !(await repo.ownsPost(actor.workspace.id, input.postId)))
        throw notFound('This post');
      if (input.recurringPostId && !(await repo.ownsRecurring(actor.workspace.id, input.recurringPostId)))
        throw notFound('This recurring post');
      const result = await offline(scopeOf(actor), input.content, input.platforms);
      if (provider) {
        try {
          const answer = await provider.complete(
            insightsPrompt(plainText(input.content), input.tone, input.platforms ?? []),
            { signal, json: true, maxTokens: 400 },
          );
          const advice: Recommendation[] = parseAdvice(answer).map((text) => ({ code: 'model', text }));
          if (advice.length) {
            result.recommendations.push(...advice);
            result.source = 'model';
          }
        } catch (error) {
          if (!(error instanceof AiProviderError)) throw error;
          logger.warn(
            { kind: error.kind, status: error.status },
            'AI insights: the model failed; offline only',
          );
        }
      }
      if (input.postId || input.recurringPostId)
        return repo.save(scopeOf(actor), result, {
          postId: input.postId,
          recurringPostId: input.recurringPostId,
        });
      return result;
    },

    /** Offline insights of a recurring post just saved, stored with it (the recurring service calls this). */
    async storeForRecurring(
      scope: Scope,
      recurringPostId: string,
      html: string,
      platforms: readonly Platform[],
    ) {
      const result = await offline(scope, html, platforms);
      return repo.save(scope, result, { recurringPostId });
    },

    latestForRecurring: (workspaceId: WorkspaceId, ids: string[]) =>
      repo.latestForRecurring(workspaceId, ids),

    /** The newest insights stored with one of the workspace's posts, or null; another workspace's post is 404. */
    async storedForPost(actor: SessionUser, postId: string): Promise<Insights | null> {
      if (!(await repo.ownsPost(actor.workspace.id, postId))) throw notFound('This post');
      return repo.latestForPost(actor.workspace.id, postId);
    },

    async chat(input: z.output<typeof ChatRequestSchema>, signal?: AbortSignal): Promise<string> {
      const model = requireModel();
      try {
        return (await model.complete(chatPrompt(input.messages, input.tone), { signal })).trim();
      } catch (error) {
        throw providerFailure('chat', error);
      }
    },

    async generateContent(
      input: z.output<typeof GenerateContentRequestSchema>,
      signal?: AbortSignal,
    ): Promise<string> {
      const model = requireModel();
      try {
        return (
          await model.complete(contentPrompt(input.prompt, input.tone, input.platforms), { signal })
        ).trim();
      } catch (error) {
        throw providerFailure('content', error);
      }
    },

    /** The post rewritten for `platform` (its tone, its length); the composer puts it in that network's version. */
    async adapt(input: z.output<typeof AdaptRequestSchema>, signal?: AbortSignal): Promise<string> {
      const model = requireModel();
      const { maxChars } = rulesFor(input.platform);
      try {
        return (
          await model.complete(adaptPrompt(plainText(input.content), input.platform, maxChars, input.tone), {
            signal,
          })
        ).trim();
      } catch (error) {
        throw providerFailure('content', error);
      }
    },

    /**
     * A feed item's text rewritten as a post for `platforms`, within the tightest one's length (issue 27);
     * throws `AiProviderError` when the model fails (the feed then posts the template's text).
     */
    async rewriteForFeed(text: string, platforms: readonly Platform[]): Promise<string> {
      const model = requireModel();
      const tightest =
        [...platforms].sort((a, b) => rulesFor(a).maxChars - rulesFor(b).maxChars)[0] ?? 'twitter';
      return (await model.complete(adaptPrompt(text, tightest, rulesFor(tightest).maxChars, null))).trim();
    },

    async sentiment(content: string) {
      const text = plainText(content);
      const { tone, score, analysed } = sentimentOf(await loadNlp(), text);
      return { content: text, sentiment: tone, score, analysed };
    },

    userTags,
  };
}
export type AiService = ReturnType<typeof createAiService>;
