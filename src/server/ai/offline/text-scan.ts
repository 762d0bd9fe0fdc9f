/**
 * Linear scans of a post's plain text (no regular expression runs over user input): its hashtags, links,
 * words and capital letters, as the recommendations need them.
 */

const isTagChar = (char: string) => char === '_' || /[\p{L}\p{N}\p{M}]/u.test(char);

/** The hashtags written in the text, lower-cased, without '#', in order (repeats kept once). */
export function hashtagsIn(text: string): string[] {
  const tags = new Set<string>();
  for (let i = text.indexOf('#'); i >= 0 && i < text.length; i = text.indexOf('#', i + 1)) {
    // A '#' inside a word ("C#", "a#b") does not start a tag.
    if (i > 0 && isTagChar(text[i - 1]!)) continue;
    let end = i + 1;
    while (end < text.length && isTagChar(text[end]!)) end += 1;
    if (end > i + 1) tags.add(text.slice(i + 1, end).toLowerCase());
    i = end - 1;
  }
  return [...tags];
}

/** Whether the text holds a web address (http://, https:// or www.). */
export function hasLink(text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes('http://') || lower.includes('https://') || lower.includes('www.');
}

/** Words: runs of letters, digits and apostrophes. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (const char of text) {
    const wordChar = char === "'" || /[\p{L}\p{N}]/u.test(char);
    if (wordChar && !inWord) words += 1;
    inWord = wordChar;
  }
  return words;
}

/** Letters and how many of them are capitals (cased scripts only). */
export function capitals(text: string): { letters: number; upper: number } {
  let letters = 0;
  let upper = 0;
  for (const char of text) {
    const lower = char.toLowerCase();
    const up = char.toUpperCase();
    if (lower === up) continue;
    letters += 1;
    if (char === up) upper += 1;
  }
  return { letters, upper };
}

/** The first non-empty line. */
export function firstLine(text: string): string {
  for (const line of text.split('\n')) if (line.trim()) return line;
  return '';
}
