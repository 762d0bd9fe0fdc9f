import type { WinkMethods } from 'wink-nlp';
import type { Insights } from '../../../shared/api/ai.schemas';
import { htmlToText } from '../../../shared/platforms/html-to-text';
import { PLATFORMS, type Platform, type TwitterAccountType } from '../../../shared/platforms/rules';
import { keywordsOf, suggestHashtags } from './keywords';
import { guessEnglish } from './language';
import { recommend } from './recommendations';
import { sentimentOf } from './sentiment';

export interface OfflineOptions {
  /** The networks the post goes to; all six when empty or absent. */
  platforms?: readonly Platform[];
  /** The user's own hashtags (custom and recent), preferred when they fit the text. */
  userTags?: readonly string[];
  twitterAccountType?: TwitterAccountType;
  now?: Date;
}

/** A post's HTML as the text its readers get (what the composer counts). */
export const plainText = (html: string) => htmlToText(html).trim();

/**
 * The built-in analysis of one post: sentiment, hashtag suggestions from its keywords, and rule-based
 * advice per network. Synchronous once the model is loaded (the benchmark times this function).
 * Non-English text gets its counting rules but no tone, sentiment or keywords (`analysed: false`).
 */
export function analyseOffline(nlp: WinkMethods, html: string, options: OfflineOptions = {}): Insights {
  const text = plainText(html);
  const platforms = options.platforms?.length ? options.platforms : PLATFORMS;
  const { english } = guessEnglish(text);
  const sentiment = sentimentOf(nlp, text);
  const keywords = english ? keywordsOf(nlp, text) : [];
  return {
    tone: sentiment.tone,
    score: sentiment.score,
    recommendations: recommend({
      text,
      platforms,
      english,
      tone: sentiment.tone,
      twitterAccountType: options.twitterAccountType,
    }),
    hashtags: english ? suggestHashtags(keywords, text, options.userTags ?? []) : [],
    analysed: sentiment.analysed,
    source: 'offline',
    generatedAt: (options.now ?? new Date()).toISOString(),
  };
}
