import type { ItemSentence, ItemToken, WinkMethods } from 'wink-nlp';
import { HASHTAG_CATEGORIES } from '../../../shared/hashtags';
import { NLP_TEXT_MAX } from './sentiment';
import { hashtagsIn } from './text-scan';

/** How many hashtags a suggestion list holds at most. */
export const SUGGESTIONS_MAX = 5;

// Nouns that say nothing of a post's subject.
const VAGUE = new Set(
  'today tomorrow yesterday week weekend month year day days time times thing things people everyone everything way lot lots bit link bio post posts update news something anything one ones part kind'.split(
    ' ',
  ),
);

const BUILT_IN = Object.values(HASHTAG_CATEGORIES).flat();

/** The text's subject words: nouns and names (as written, lower-cased), most frequent first, then in
 * order of appearance. */
export function keywordsOf(nlp: WinkMethods, text: string, max = 8): string[] {
  const { its } = nlp;
  const doc = nlp.readDoc(text.slice(0, NLP_TEXT_MAX));
  const counts = new Map<string, { n: number; first: number; shown: string }>();
  let index = 0;
  doc.sentences().each((sentence: ItemSentence) => {
    let position = 0;
    sentence.tokens().each((token: ItemToken) => {
      index += 1;
      position += 1;
      const pos = token.out(its.pos);
      if (pos !== 'NOUN' && pos !== 'PROPN') return;
      if (token.out(its.type) !== 'word' || token.out(its.stopWordFlag)) return;
      // wink's typings declare `lemma` with a signature `out` does not accept; it works at run time.
      const lemma = String(token.out(its.lemma as unknown as typeof its.normal)).toLowerCase();
      const shown = String(token.out(its.normal)).toLowerCase();
      if (lemma.length < 3 || shown.length > 25 || VAGUE.has(lemma) || !/^[a-z]+$/.test(shown)) return;
      const seen = counts.get(lemma);
      if (seen) seen.n += 1;
      // The lite model reads a sentence's first word ("Super excited…", "Terrible service…") as a name
      // too often: such a word counts only if it comes again later.
      else if (position > 1) counts.set(lemma, { n: 1, first: index, shown });
      else counts.set(lemma, { n: 0, first: index, shown });
    });
  });
  return [...counts.entries()]
    .filter(([, seen]) => seen.n > 0)
    .sort(([, a], [, b]) => b.n - a.n || a.first - b.first)
    .slice(0, max)
    .map(([, seen]) => seen.shown);
}

// A tag fits a keyword when it is the word, its plural, or starts with it ("coffee" → #coffeelovers).
const fits = (tag: string, keyword: string) =>
  tag === keyword || tag === `${keyword}s` || (keyword.length >= 4 && tag.startsWith(keyword));

/**
 * Hashtag suggestions ('#tag') for a text's keywords. The user's own tags (custom and recent, from the
 * hashtag feature) come first when they fit a keyword, then the built-in categories' tags, then the
 * keywords themselves; tags the text already has are left out.
 */
export function suggestHashtags(keywords: string[], text: string, userTags: readonly string[]): string[] {
  const used = new Set(hashtagsIn(text));
  const out: string[] = [];
  const add = (tag: string) => {
    const clean = tag.replace(/^#/, '').toLowerCase();
    if (clean && !used.has(clean) && !out.includes(clean) && out.length < SUGGESTIONS_MAX) out.push(clean);
  };
  for (const keyword of keywords) for (const tag of userTags) if (fits(tag.toLowerCase(), keyword)) add(tag);
  for (const keyword of keywords) for (const tag of BUILT_IN) if (fits(tag, keyword)) add(tag);
  for (const keyword of keywords) add(keyword);
  return out.map((tag) => `#${tag}`);
}
