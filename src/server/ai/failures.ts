import { AppError } from '../http/errors';
import { AiProviderError } from './provider';

/** The AI calls, as the i18n keys `ai.failed.<call>` and `ai.invalid.<call>` name them. */
export type AiCall = 'insights' | 'chat' | 'content' | 'sentiment' | 'performance' | 'bestTime';

/** The spec's fallbacks (section 8), word for word; the web shows `ai.failed.<call>` in the reader's language. */
export const FAILED_TEXT: Record<AiCall, string> = {
  insights: 'Failed to fetch AI insights.',
  chat: 'Failed to get chat response.',
  content: 'Failed to generate content.',
  sentiment: 'Failed to get sentiment.',
  performance: 'Failed to analyze performance.',
  bestTime: 'Failed to predict best time.',
};

/** The spec's response shape errors (section 8), word for word. */
export const INVALID_TEXT: Record<AiCall, string> = {
  insights: 'Invalid insights response format.',
  chat: 'Received invalid response format from AI chat.',
  content: 'Received invalid response format from AI content generation.',
  sentiment: 'Invalid sentiment response format.',
  performance: 'Invalid performance analysis response format.',
  bestTime: 'Invalid time prediction response format.',
};

export const notConfigured = () =>
  new AppError(
    424,
    'ai_not_configured',
    'No AI model is configured. An administrator sets AI_BASE_URL, AI_MODEL and AI_API_KEY (for example a local Ollama at http://localhost:11434/v1).',
    { params: { key: 'ai.notConfigured' } },
  );

/** A provider's failure as the 424 the contract names; anything else is a bug and stays one. */
export function providerFailure(call: AiCall, error: unknown): AppError {
  if (!(error instanceof AiProviderError)) throw error;
  return error.kind === 'invalid'
    ? new AppError(424, 'ai_invalid_response', INVALID_TEXT[call], { params: { key: `ai.invalid.${call}` } })
    : new AppError(424, 'ai_failed', FAILED_TEXT[call], { params: { key: `ai.failed.${call}` } });
}
