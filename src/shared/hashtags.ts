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

/**
 * Up to 15 suggestions for `keyword`, searched in category names, built-in tags and the user's custom
 * tags: exact matches first, then tags starting with the keyword, then tags containing it; shorter first
 * within each group. A blank keyword suggests nothing.
 */
export function suggestHashtags(keyword: string, custom: Iterable<string> = []): string[] {
  const needle = normaliseTag(keyword);
  if (!needle) return [];
  const pool = new Set<string>([
    ...HASHTAG_CATEGORY_NAMES,
    ...Object.values(HASHTAG_CATEGORIES).flat(),
    ...custom,
  ]);
  const rank = (tag: string) => (tag === needle ? 0 : tag.startsWith(needle) ? 1 : 2);
  return [...pool]
    .filter((tag) => tag.includes(needle))
    .sort((a, b) => rank(a) - rank(b) || a.length - b.length || a.localeCompare(b))
    .slice(0, SUGGESTION_LIMIT);
}
