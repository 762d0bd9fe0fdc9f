const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Code points between which UAX #29 always breaks (GB999): letters, digits, punctuation, symbols, spaces… */
const BASE = /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]$/u;
/** …unless the next one attaches to what is before it (extend, spacing marks written as letters, Hangul, flags)… */
const ATTACHES =
  /^[\p{Grapheme_Extend}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Script=Hangul}\u0E33\u0EB3]$/u;
/** …or the one before attaches to what follows (prepended letters, Hangul jamo, flags). */
const JOINS_NEXT =
  /^[\p{Regional_Indicator}\p{Script=Hangul}\u0D4E\u{111C2}\u{111C3}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}]$/u;
/** Marks a cluster may end with: extending marks, skin tones; not ZWJ or a virama (they join what follows). */
const ENDS_CLUSTER = /^[\p{Grapheme_Extend}\p{Emoji_Modifier}]$/u;
const JOINERS = new Set([0x200d, 0x094d, 0x09cd, 0x0acd, 0x0b4d, 0x0c4d, 0x0d4d]);
const isSyllable = (cp: number) => cp >= 0xac00 && cp <= 0xd7a3;

/** Whether a grapheme boundary surely lies before `text[i]` (a UTF-16 index, not inside a surrogate pair). */
function surelyBreaksBefore(text: string, i: number) {
  const code = text.charCodeAt(i);
  if (code >= 0xdc00 && code <= 0xdfff) return false;
  const next = text.codePointAt(i)!;
  const back = text.charCodeAt(i - 1) >= 0xdc00 && text.charCodeAt(i - 1) <= 0xdfff ? 2 : 1;
  const prev = text.codePointAt(i - back)!;
  // Two precomposed Hangul syllables always break (GB6–GB8 join jamo, not syllables).
  if (isSyllable(prev) && isSyllable(next)) return true;
  const a = String.fromCodePoint(prev);
  const b = String.fromCodePoint(next);
  const prevEnds = BASE.test(a) ? !JOINS_NEXT.test(a) : ENDS_CLUSTER.test(a) && !JOINERS.has(prev);
  return prevEnds && BASE.test(b) && !ATTACHES.test(b);
}

const countSegments = (text: string) => {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
};

/**
 * Grapheme clusters in `text` (what a reader sees as one character). Intl.Segmenter takes time
 * quadratic in the length of the string it is given (V8: 100 KB took 18 s), so a long text is counted
 * in pieces of about `piece` code units, cut only where a boundary is certain. A run with no such place
 * for 8 pieces (100 KB of flags) is cut anyway: its count may then be off by one per cut, for text
 * hundreds of times over any network's limit.
 */
export function graphemeCount(text: string, piece = 1024, forceAfter = piece * 8): number {
  if (text.length <= piece) return countSegments(text);
  let n = 0;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + piece, text.length);
    const latest = Math.min(start + forceAfter, text.length);
    while (end < latest && !surelyBreaksBefore(text, end)) end++;
    // The forced cut must not split a surrogate pair.
    if (end < text.length && text.charCodeAt(end) >= 0xdc00 && text.charCodeAt(end) <= 0xdfff) end++;
    n += countSegments(text.slice(start, end));
    start = end;
  }
  return n;
}
