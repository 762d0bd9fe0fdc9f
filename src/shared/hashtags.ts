/** The five built-in hashtag categories and their fixed tags (spec sections 3 and 9). */
export const HASHTAG_CATEGORIES = {
  business: [
    'business',
    'entrepreneur',
    'smallbusiness',
    'startup',
    'success',
    'leadership',
    'management',
    'strategy',
    'growth',
    'networking',
  ],
  marketing: [
    'marketing',
    'digitalmarketing',
    'socialmedia',
    'contentmarketing',
    'branding',
    'seo',
    'advertising',
    'emailmarketing',
    'influencer',
    'marketingtips',
  ],
  technology: [
    'technology',
    'tech',
    'innovation',
    'ai',
    'software',
    'programming',
    'coding',
    'cloud',
    'cybersecurity',
    'opensource',
  ],
  lifestyle: [
    'lifestyle',
    'travel',
    'food',
    'fitness',
    'health',
    'wellness',
    'fashion',
    'motivation',
    'happiness',
    'selfcare',
  ],
  creative: [
    'creative',
    'design',
    'art',
    'photography',
    'illustration',
    'music',
    'writing',
    'inspiration',
    'diy',
    'handmade',
  ],
} as const;
export type HashtagCategory = keyof typeof HASHTAG_CATEGORIES;
export const HASHTAG_CATEGORY_NAMES = Object.keys(HASHTAG_CATEGORIES) as HashtagCategory[];

export const SUGGESTION_LIMIT = 15;
export const RECENT_LIMIT = 10;

/** A custom tag as stored: no leading #, trimmed, lower-case; empty means "ignore". */
export const normaliseTag = (raw: string) => raw.trim().replace(/^#+/, '').trim().toLowerCase();

/** Tags from a workspace's best-performing posts offered at most. */
export const POPULAR_LIMIT = 15;

/** Whether `tag` (normalised) can be a hashtag: letters, digits and _ only. */
export const isTag = (tag: string) => /^[\p{L}\p{N}_]{1,100}$/u.test(tag);

/** Words too common to be a post's hashtag. */
const COMMON = new Set(
  'about after again also been before being from have here into just like more most much must only other over same some such than that their them then there these they this those through very what when where which while with would your'.split(
    ' ',
  ),
);

/** The post's own words that could be its tags: four letters or more, not common, not tagged yet; most used first. */
export function wordsAsTags(text: string): string[] {
  const counts = new Map<string, number>();
  const tagged = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/(#?)([\p{L}\p{N}_]+)/gu)) {
    const [, hash, word] = match as unknown as [string, string, string];
    if (hash) tagged.add(word);
    else if ([...word].length >= 4 && !/^\p{N}+$/u.test(word) && !COMMON.has(word))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .filter(([word]) => !tagged.has(word))
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word);
}

/**
 * Up to 15 suggestions for `keyword`, searched in category names, built-in tags and the workspace's own
 * and best-performing tags (`known`): the keyword itself first when it can be a tag, then exact matches,
 * tags starting with the keyword, tags containing it; shorter first within each group. A blank keyword
 * suggests the post's own words (`text`).
 */
export function suggestHashtags(keyword: string, known: Iterable<string> = [], text = ''): string[] {
  const needle = normaliseTag(keyword);
  if (!needle) return wordsAsTags(text).slice(0, SUGGESTION_LIMIT);
  const pool = new Set<string>([
    ...(isTag(needle) ? [needle] : []),
    ...HASHTAG_CATEGORY_NAMES,
    ...Object.values(HASHTAG_CATEGORIES).flat(),
    ...known,
  ]);
  const rank = (tag: string) => (tag === needle ? 0 : tag.startsWith(needle) ? 1 : 2);
  return [...pool]
    .filter((tag) => tag.includes(needle))
    .sort((a, b) => rank(a) - rank(b) || a.length - b.length || a.localeCompare(b))
    .slice(0, SUGGESTION_LIMIT);
}
