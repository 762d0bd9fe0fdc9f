// twitter-text is CommonJS: Node's ESM loader offers only its default export.
import twitterText from 'twitter-text';
import { graphemeCount } from './graphemes';
import { type Platform, rulesFor, type TwitterAccountType } from './rules';

/**
 * The length of `text` as `platform` counts it:
 * - X: twitter-text's weighted length (every URL 23, CJK and emoji 2, most Latin 1);
 * - Bluesky: grapheme clusters (what a reader sees as one character; 300 per post);
 * - the others: UTF-16 code units, the most any of them counts, so a post that fits here fits there.
 */
export function textLength(platform: Platform, text: string): number {
  switch (platform) {
    case 'twitter':
      return twitterText.parseTweet(text).weightedLength;
    case 'bluesky':
      return graphemeCount(text);
    default:
      return text.length;
  }
}

/** Characters left before the network's limit; negative when over it. */
export const remainingChars = (platform: Platform, text: string, twitterAccountType?: TwitterAccountType) =>
  rulesFor(platform, twitterAccountType).maxChars - textLength(platform, text);
