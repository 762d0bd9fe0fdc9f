/**
 * LinkedIn's "little" text format, which post commentary is written in (docs: "little Text Format"):
 * reserved characters are backslash-escaped, hashtags and mentions are templates.
 */

/** Reserved characters of the little text format (docs: "little Text Format"). */
const RESERVED = /[|{}@[\]()<>#\\*_~]/g;
/** A hashtag: `#` and letters or digits, not inside a word (`issue#4`) and not cut short (`#a_b`). */
const HASHTAG = /#([\p{L}\p{N}]+)(?![\p{L}\p{N}_])/gu;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

const escapePlain = (text: string) => text.replace(RESERVED, '\\$&');

/**
 * Our text as LinkedIn commentary: every reserved character backslash-escaped (unescaped ones make
 * LinkedIn cut the post short), hashtags as `{hashtag|#|tag}` templates so they stay hashtags.
 */
export function toLittleText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const before = text.slice(0, match.index).at(-1);
    if (before && WORD_CHAR.test(before)) continue;
    out += `${escapePlain(text.slice(last, match.index))}{hashtag|#|${match[1]}}`;
    last = match.index + match[0].length;
  }
  return out + escapePlain(text.slice(last));
}

/** What little text says, as plain text: templates and mentions resolved, escapes removed. */
export function fromLittleText(little: string): string {
  return (
    little
      // An escape or any other character, never both ways: `(?:\\.|[^}])*` could read a backslash either
      // way and backtracked exponentially on a run of them.
      .replace(/\{hashtag\|(?:\\#|#|＃)\|((?:\\.|[^}\\])*)\}/g, '#$1')
      .replace(/@\[((?:\\.|[^\]\\])*)\]\(urn:li:[^)]*\)/g, '$1')
      .replace(/\\(.)/g, '$1')
  );
}
