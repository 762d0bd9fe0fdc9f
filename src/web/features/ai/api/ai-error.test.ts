import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { ApiRequestError } from '../../../lib/api-client';
import { aiErrorText } from './ai-error';

const failure = (statusCode: number, code: string, extra: Record<string, unknown> = {}) =>
  new ApiRequestError({ statusCode, code, message: 'Server words', ...extra });

describe('aiErrorText', () => {
  beforeAll(() =>
    i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } }),
  );
  const text = (error: unknown, action: Parameters<typeof aiErrorText>[3] = 'chat', fallback?: string) =>
    aiErrorText(i18n.t, i18n, error, action, fallback);

  it("maps the contract's codes to the spec's messages for each action", () => {
    expect(text(failure(424, 'ai_failed'), 'chat')).toBe('Failed to get chat response.');
    expect(text(failure(424, 'ai_failed'), 'performance')).toBe('Failed to analyze performance.');
    expect(text(failure(424, 'ai_invalid_response'), 'content')).toBe(
      'Received invalid response format from AI content generation.',
    );
    expect(text(failure(424, 'ai_not_configured'))).toMatch(/^No AI model is configured/);
    expect(text(failure(401, 'UNAUTHORIZED'))).toBe('Please log in first.');
    expect(text(failure(429, 'rate_limited', { retryAfterSeconds: 12 }))).toBe(
      'Too many AI requests. Try again in 12 s.',
    );
    expect(
      text(failure(400, 'VALIDATION_ERROR', { fields: { content: 'ai.contentRequiredForInsights' } })),
    ).toBe('Content is required to fetch insights.');
  });

  it("follows chat's chain: the server's message when it is ours, else the exception's, else the fallback", () => {
    expect(text(failure(404, 'NOT_FOUND', { params: { key: 'ai.failed.chat' } }))).toBe(
      'Failed to get chat response.',
    );
    expect(text(new Error('socket hang up'), 'chat', 'ai.chatError')).toBe('socket hang up');
    expect(text(failure(502, 'HTTP_ERROR'), 'chat', 'ai.chatError')).toBe('Error communicating with AI');
    expect(text('nothing', 'chat', 'ai.chatError')).toBe('Error communicating with AI');
  });
});
