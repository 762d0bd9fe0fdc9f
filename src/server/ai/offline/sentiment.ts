import type { WinkMethods } from 'wink-nlp';
import type { InsightTone } from '../../../shared/api/ai.schemas';
import { guessEnglish } from './language';

/**
 * Above this wink-nlp sentiment score a text reads Positive, below its negative Negative, between them
 * Neutral. Chosen on the labelled set (labelled-posts.ts), and measured also on a held-out set never
 * tuned on (held-out-posts.ts): both figures are in decision 021.
 */
export const POSITIVE_FROM = 0.1;
export const NEGATIVE_BELOW = -0.05;

/** The most text the model reads: enough for any post, and 100 KB of text stays fast. */
export const NLP_TEXT_MAX = 10_000;

export interface SentimentResult {
  tone: InsightTone;
  /** In [-1, 1], rounded to three decimals; 0 when not analysed. */
  score: number;
  /** False when the text is not English: tone and score then say nothing. */
  analysed: boolean;
}

export const toneOf = (score: number): InsightTone =>
  score >= POSITIVE_FROM ? 'Positive' : score < NEGATIVE_BELOW ? 'Negative' : 'Neutral';

export function sentimentOf(nlp: WinkMethods, text: string): SentimentResult {
  if (!guessEnglish(text).english) return { tone: 'Neutral', score: 0, analysed: false };
  const doc = nlp.readDoc(text.slice(0, NLP_TEXT_MAX));
  const raw = doc.out(nlp.its.sentiment) as unknown as number;
  const score = Number.isFinite(raw) ? Math.round(Math.max(-1, Math.min(1, raw)) * 1000) / 1000 : 0;
  return { tone: toneOf(score), score, analysed: true };
}
