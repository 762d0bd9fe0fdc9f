import type { i18n as I18n, TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

/** The AI calls, as the `ai.failed.<action>` and `ai.invalid.<action>` messages name them. */
export type AiAction = 'insights' | 'chat' | 'content' | 'sentiment' | 'performance' | 'bestTime';

/**
 * What an AI call's failure says, in the reader's language (spec section 8): no model configured, the
 * provider's failure or shape error for this action, the rate limit with its wait, the first field the
 * server refused, or 'Please log in first.'. Anything else is the server's message when it is one of
 * ours, else the action's fallback ('Failed to get chat response.' …).
 */
export function aiErrorText(
  t: TFunction,
  i18n: I18n,
  error: unknown,
  action: AiAction,
  fallbackKey: string = `ai.failed.${action}`,
): string {
  if (!(error instanceof ApiRequestError)) {
    // Chat's chain ends with the exception's own message (spec: "else exception message").
    return action === 'chat' && error instanceof Error && error.message ? error.message : t(fallbackKey);
  }
  const code = error.code.toLowerCase();
  if (error.status === 401) return t('ai.loginFirst');
  if (code === 'ai_not_configured') return t('ai.notConfigured');
  if (code === 'ai_failed') return t(`ai.failed.${action}`);
  if (code === 'ai_invalid_response') return t(`ai.invalid.${action}`);
  if (error.status === 429 || code === 'rate_limited') {
    return t('aiPanel.rateLimited', { seconds: Math.max(1, error.retryAfterSeconds ?? 60) });
  }
  const firstField = error.fields && Object.values(error.fields)[0];
  if (firstField) return t(firstField);
  if (error.code === 'NETWORK_ERROR') return errorMessage(t, error);
  // The server names its message's i18n key in `params.key` (or sends the key itself); words that are
  // not one of ours (a proxy's page) are not shown.
  const key = typeof error.params?.key === 'string' ? error.params.key : error.message;
  if (key && i18n.exists(key)) return t(key, error.params);
  return t(fallbackKey);
}
