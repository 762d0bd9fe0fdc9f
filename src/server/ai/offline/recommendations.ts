import type { InsightTone, Recommendation } from '../../../shared/api/ai.schemas';
import { textLength } from '../../../shared/platforms/count';
import { type Platform, rulesFor, type TwitterAccountType } from '../../../shared/platforms/rules';
import { capitals, countWords, firstLine, hasLink, hashtagsIn } from './text-scan';

/**
 * How many hashtags do best per network: the ranges the networks' own creator guides and the common
 * studies give (X and Facebook 1–2, LinkedIn 1–3, Instagram and TikTok 3–5, Bluesky 1–2). Above `max` a
 * post is told it has too many; Instagram and TikTok, where tags drive discovery, are also told when a
 * post has none.
 */
export const HASHTAG_RANGE: Record<Platform, { min: number; max: number; wantsSome: boolean }> = {
  twitter: { min: 1, max: 2, wantsSome: false },
  bluesky: { min: 1, max: 2, wantsSome: false },
  facebook: { min: 1, max: 2, wantsSome: false },
  linkedin: { min: 1, max: 3, wantsSome: false },
  instagram: { min: 3, max: 5, wantsSome: true },
  tiktok: { min: 3, max: 5, wantsSome: true },
};

/** Networks where a link at the top of a post is known to cut its reach. */
const LINK_FIRST_LINE_HURTS: Platform[] = ['linkedin'];
/** Networks that do not make links in a caption clickable. */
const LINKS_NOT_CLICKABLE: Platform[] = ['instagram', 'tiktok'];

// Words and phrases that ask the reader to do something (English; checked only on English text). Single
// words are compared word by word ("try", not "country"); phrases as substrings.
const CALL_WORDS = new Set(
  'comment comments share reply follow click tap signup join buy shop order register visit download subscribe try book watch listen vote rsvp dm grab save apply donate contact discover explore rt retweet repost'.split(
    ' ',
  ),
);
const CALL_PHRASES = [
  'sign up',
  'learn more',
  'read more',
  'link in bio',
  'tell us',
  'let us know',
  'check out',
  'check it out',
  'message us',
  'get yours',
  'call us',
  'find out',
  "don't miss",
  'see you',
  'get your',
  'drop a',
];

export function hasCallToAction(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes('?') || CALL_PHRASES.some((phrase) => lower.includes(phrase))) return true;
  let start = -1;
  for (let i = 0; i <= lower.length; i += 1) {
    const char = lower[i];
    const letter = char !== undefined && char >= 'a' && char <= 'z';
    if (letter && start < 0) start = i;
    else if (!letter && start >= 0) {
      if (CALL_WORDS.has(lower.slice(start, i))) return true;
      start = -1;
    }
  }
  return false;
}

export interface RuleInput {
  /** The post as plain text (htmlToText of the composer's HTML). */
  text: string;
  platforms: readonly Platform[];
  english: boolean;
  tone: InsightTone;
  twitterAccountType?: TwitterAccountType;
}

/** The rule-based advice for a post, each naming its network and figure. */
export function recommend({
  text,
  platforms,
  english,
  tone,
  twitterAccountType,
}: RuleInput): Recommendation[] {
  const out: Recommendation[] = [];
  for (const platform of platforms) {
    const over = textLength(platform, text) - rulesFor(platform, twitterAccountType).maxChars;
    if (over > 0) out.push({ code: 'tooLong', platform, values: { count: over } });
  }
  const tags = hashtagsIn(text).length;
  for (const platform of platforms) {
    const { min, max, wantsSome } = HASHTAG_RANGE[platform];
    if (tags > max) out.push({ code: 'tooManyHashtags', platform, values: { count: tags, min, max } });
    else if (tags === 0 && wantsSome) out.push({ code: 'noHashtags', platform, values: { min, max } });
  }
  const link = hasLink(text);
  for (const platform of platforms) {
    if (LINK_FIRST_LINE_HURTS.includes(platform) && hasLink(firstLine(text)))
      out.push({ code: 'linkFirstLine', platform });
    if (link && LINKS_NOT_CLICKABLE.includes(platform)) out.push({ code: 'linkNotClickable', platform });
  }
  if (english && !hasCallToAction(text)) out.push({ code: 'noCallToAction' });
  const { letters, upper } = capitals(text);
  if (letters >= 20 && upper / letters > 0.5)
    out.push({ code: 'allCaps', values: { count: Math.round((upper / letters) * 100) } });
  const words = countWords(text);
  if (english && words > 0 && words < 4) out.push({ code: 'tooShort', values: { count: words } });
  if (english && tone === 'Negative') out.push({ code: 'negativeTone' });
  return out;
}
